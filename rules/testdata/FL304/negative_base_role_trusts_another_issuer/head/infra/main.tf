data "aws_caller_identity" "current" {}

# The old cluster's provider is deleted at last; nothing trusts it.
resource "aws_iam_openid_connect_provider" "billing_v2" {
  url             = "https://oidc.eks.eu-central-1.amazonaws.com/id/7A8B9C0D1E2F3A4B5C6D7E8F9A0B1C2D"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

resource "aws_iam_role" "cert_manager" {
  name = "billing-cert-manager"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::${data.aws_caller_identity.current.account_id}:oidc-provider/oidc.eks.eu-central-1.amazonaws.com/id/7A8B9C0D1E2F3A4B5C6D7E8F9A0B1C2D" }
      Condition = {
        StringEquals = {
          "oidc.eks.eu-central-1.amazonaws.com/id/7A8B9C0D1E2F3A4B5C6D7E8F9A0B1C2D:sub" = "system:serviceaccount:cert-manager:cert-manager"
          "oidc.eks.eu-central-1.amazonaws.com/id/7A8B9C0D1E2F3A4B5C6D7E8F9A0B1C2D:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
