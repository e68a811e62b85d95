# The chart renamed replicas to workers in 1.3; the release kept the old key.
resource "helm_release" "ingest" {
  name      = "ingest"
  namespace = "data"
  chart     = "./charts/ingest"

  set {
    name  = "replicas" # want FL502:warning `helm_release.ingest sets value replicas, which chart ingest 1.3.0 never reads`
    value = "4"
  }
  set {
    name  = "workers"
    value = "4"
  }
  set {
    name  = "resources.requests.cpu"
    value = "500m"
  }
}
