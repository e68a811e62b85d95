resource "aws_eks_cluster" "main" {
  name     = "orders"
  role_arn = "arn:aws:iam::123456789012:role/orders-cluster"
  vpc_config {
    subnet_ids = ["subnet-0123456789abcdef0", "subnet-0fedcba9876543210"]
  }
}

resource "aws_iam_openid_connect_provider" "main" {
  url             = aws_eks_cluster.main.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

variable "claim" {
  type        = string
  description = "The token claim the condition tests, given by the pipeline."
}

locals {
  # The whole condition key is built by join() from a claim given only when
  # the pipeline runs: which claim it names is not known statically, so
  # whether the statement lacks an audience is not either.
  condition_key = join(":", [split("oidc-provider/", aws_iam_openid_connect_provider.main.arn)[1], var.claim])
}

resource "aws_iam_role" "karpenter" {
  name = "orders-karpenter"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.main.arn }
      Condition = {
        StringEquals = {
          (local.condition_key) = "system:serviceaccount:karpenter:karpenter"
        }
      }
    }]
  })
}
