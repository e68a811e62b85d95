# The chart only tests whether credentials is empty: the keys set under
# it are what turn the Secret reference on, though none is read by name.
resource "helm_release" "billing" {
  name      = "billing"
  namespace = "billing"
  chart     = "./charts/billing"

  values = [yamlencode({
    credentials = {
      DB_PASSWORD = "from-the-store"
      API_TOKEN   = "from-the-store"
    }
  })]
}
