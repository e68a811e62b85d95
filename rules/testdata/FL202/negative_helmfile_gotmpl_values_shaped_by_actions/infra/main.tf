resource "aws_iam_openid_connect_provider" "eks" {
  url            = "https://oidc.eks.eu-west-3.amazonaws.com/id/9C8B7A6F5E4D3C2B1A0F9E8D7C6B5A4F"
  client_id_list = ["sts.amazonaws.com"]
}

locals {
  issuer = "oidc.eks.eu-west-3.amazonaws.com/id/9C8B7A6F5E4D3C2B1A0F9E8D7C6B5A4F"
}

# The DNS role was written for the controller's first account name.
resource "aws_iam_role" "dns" {
  name = "ridge-external-dns"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.eks.arn }
      Condition = {
        StringEquals = {
          "${local.issuer}:sub" = "system:serviceaccount:dns:external-dns"
          "${local.issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
