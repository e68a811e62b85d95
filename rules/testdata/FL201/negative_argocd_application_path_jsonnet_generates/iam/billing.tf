resource "aws_iam_openid_connect_provider" "eks" {
  url             = "https://oidc.eks.us-east-2.amazonaws.com/id/E41B7C09D2A35F6881B4C0D9E7A2F513"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

locals {
  issuer = "oidc.eks.us-east-2.amazonaws.com/id/E41B7C09D2A35F6881B4C0D9E7A2F513"
}

# The role still trusts the namespace billing ran in before it moved.
resource "aws_iam_role" "billing_worker" {
  name = "billing-worker"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.eks.arn }
      Condition = {
        StringEquals = {
          "${local.issuer}:sub" = "system:serviceaccount:billing:billing-worker"
          "${local.issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
