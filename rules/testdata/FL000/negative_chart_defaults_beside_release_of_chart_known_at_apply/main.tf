# Which chart the release installs is chosen per workspace; the one chart
# of the tree is probably it, installed with the values below. Its own
# defaults do not render, which is no error while a release whose chart
# is known only at apply may install it with others.
variable "ingest_chart" {
  type = string
}

resource "helm_release" "ingest" {
  name      = "ingest"
  namespace = "data"
  chart     = var.ingest_chart
  values = [yamlencode({
    pipeline = { name = "orders", batch = 500 }
  })]
}
