# One root: the cluster, its STS-only OIDC provider, and the workers'
# role made by a local module from the cluster's issuer URL.
provider "aws" {
  region = "ca-central-1"
}

resource "aws_eks_cluster" "this" {
  name     = "orders"
  role_arn = "arn:aws:iam::135791357913:role/orders-cluster"

  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d4e5f60001", "subnet-0a1b2c3d4e5f60002"]
  }
}

resource "aws_iam_openid_connect_provider" "this" {
  url             = aws_eks_cluster.this.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

module "queue_worker_role" {
  source     = "../modules/irsa"
  name       = "orders-queue-worker"
  namespace  = "orders"
  account    = "queue-worker"
  issuer_url = aws_eks_cluster.this.identity[0].oidc[0].issuer
}
