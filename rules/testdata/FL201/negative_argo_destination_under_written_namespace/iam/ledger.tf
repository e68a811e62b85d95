resource "aws_iam_openid_connect_provider" "cluster" {
  url             = "https://oidc.eks.eu-central-1.amazonaws.com/id/5C1A7F3B2D9E4C6A8B0F1E2D3C4B5A69"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

# Written for the namespace the service ran in before Argo CD took it over.
resource "aws_iam_role" "ledger_api" {
  name = "ledger-api"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.cluster.arn }
      Condition = {
        StringEquals = {
          "oidc.eks.eu-central-1.amazonaws.com/id/5C1A7F3B2D9E4C6A8B0F1E2D3C4B5A69:sub" = "system:serviceaccount:ledger:ledger-api"
          "oidc.eks.eu-central-1.amazonaws.com/id/5C1A7F3B2D9E4C6A8B0F1E2D3C4B5A69:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
