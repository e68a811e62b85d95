# The manifests under k8s/prod are applied to the prod cluster.
scope "k8s/prod" {
  cluster = "prod"
}
