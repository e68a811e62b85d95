resource "aws_iam_openid_connect_provider" "shop" {
  url             = "https://oidc.eks.eu-west-1.amazonaws.com/id/5C1D7E0A93B2F4C6D8E0A1B3C5D7E9F1"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

resource "aws_iam_role" "cert_manager" {
  name = "shop-cert-manager"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.shop.arn }
      Condition = {
        StringEquals = {
          "oidc.eks.eu-west-1.amazonaws.com/id/5C1D7E0A93B2F4C6D8E0A1B3C5D7E9F1:sub" = "system:serviceaccount:cert-manager:cert-manager"
          "oidc.eks.eu-west-1.amazonaws.com/id/5C1D7E0A93B2F4C6D8E0A1B3C5D7E9F1:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
