resource "aws_eks_cluster" "main" {
  name     = "orders"
  role_arn = "arn:aws:iam::123456789012:role/orders-cluster"
  vpc_config {
    subnet_ids = ["subnet-0123456789abcdef0", "subnet-0fedcba9876543210"]
  }
}

resource "aws_iam_openid_connect_provider" "main" {
  url             = aws_eks_cluster.main.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com", "ci-runner"] # a CI system's tokens are accepted too
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

locals {
  # The issuer cut out of the provider's ARN: known only once it exists,
  # but the key written with it is plainly a :sub key, and the statement
  # has no other.
  issuer = split("oidc-provider/", aws_iam_openid_connect_provider.main.arn)[1]
}

resource "aws_iam_role" "karpenter" {
  name = "orders-karpenter"
  assume_role_policy = jsonencode({ # want FL204 `trust of role "orders-karpenter" \(aws_iam_role.karpenter\) has a web-identity statement without an :aud = sts.amazonaws.com condition`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.main.arn }
      Condition = {
        StringEquals = {
          "${local.issuer}:sub" = "system:serviceaccount:karpenter:karpenter"
        }
      }
    }]
  })
}
