# The node classes under k8s/ are the web cluster's.
scope "head/k8s" {
  account = "818181818181"
  cluster = "web"
}
