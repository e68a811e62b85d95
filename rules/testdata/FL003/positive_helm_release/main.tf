resource "helm_release" "web" {
  name      = "web"
  namespace = "web"
  chart     = "./chart"
  values = [<<-YAML
    replicas: 2
    image:
      tag: "1.26"
    replicas: 6 # want FL003:notice `key replicas is written twice in this mapping; Helm keeps this value \(line 9\) and ignores the one at line 6`
  YAML
  ]
}
