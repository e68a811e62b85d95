resource "aws_iam_openid_connect_provider" "eks" {
  url             = "https://oidc.eks.eu-central-1.amazonaws.com/id/5C7E2A91B04D4F6E8A3D1C0B9E7F6A52"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

# Trust written for the account the chart used before it moved to the
# shared app-common chart (which names it from values).
resource "aws_iam_role" "payments" {
  name = "payments"
  assume_role_policy = jsonencode({ # want FL202 `allows system:serviceaccount:payments:payments-api; the service account bound to it is payments:payments-worker`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.eks.arn }
      Condition = {
        StringEquals = {
          "oidc.eks.eu-central-1.amazonaws.com/id/5C7E2A91B04D4F6E8A3D1C0B9E7F6A52:sub" = "system:serviceaccount:payments:payments-api"
          "oidc.eks.eu-central-1.amazonaws.com/id/5C7E2A91B04D4F6E8A3D1C0B9E7F6A52:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
