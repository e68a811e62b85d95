resource "aws_eks_cluster" "main" {
  name     = "ledger"
  role_arn = "arn:aws:iam::444455556666:role/ledger-cluster"
  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d", "subnet-4e5f6a7b"]
  }
}

resource "aws_iam_openid_connect_provider" "main" {
  url            = aws_eks_cluster.main.identity[0].oidc[0].issuer
  client_id_list = ["sts.amazonaws.com"]
}

# The module hands its role back only once the cluster has an issuer:
# `issuer != "" ? role.arn : ""`, decided at apply.
module "reconciler_role" {
  source       = "./modules/workload-role"
  issuer_url   = aws_eks_cluster.main.identity[0].oidc[0].issuer
  provider_arn = aws_iam_openid_connect_provider.main.arn
  namespace    = "ledger"
  account_name = "reconciler"
}

resource "kubernetes_service_account_v1" "reconciler" {
  metadata {
    name      = "ledger-reconciler"
    namespace = "ledger"
    annotations = {
      "eks.amazonaws.com/role-arn" = module.reconciler_role.role_arn
    }
  }
}
