# The values file is picked by an input not set here; the chart's probe
# template is broken whatever the values (a colon in a plain scalar).
variable "stage" {
  type = string
}

resource "helm_release" "relay" {
  name      = "relay"
  namespace = "messaging"
  chart     = "${path.module}/charts/relay"
  values    = [file("${path.module}/env/${var.stage}.yaml")]
}
