resource "aws_eks_cluster" "main" {
  name     = "billing"
  role_arn = "arn:aws:iam::444455556666:role/billing-cluster"

  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d", "subnet-0e1f2a3b"]
  }
}

resource "aws_iam_openid_connect_provider" "main" {
  url             = aws_eks_cluster.main.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

module "invoices_role" {
  source       = "./irsa"
  provider_arn = aws_iam_openid_connect_provider.main.arn
}
