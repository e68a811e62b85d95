# A separate configuration for another cluster: it creates its own argocd
# namespace and runs an image updater there.
provider "aws" {
  region = "eu-west-1"
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 20.0"

  cluster_name    = "tools"
  cluster_version = "1.30"
}

resource "kubernetes_namespace_v1" "argocd" {
  metadata {
    name = "argocd"
  }
}

resource "helm_release" "image_updater" {
  name      = "image-updater"
  namespace = kubernetes_namespace_v1.argocd.metadata[0].name
  chart     = "${path.module}/charts/image-updater"
}
