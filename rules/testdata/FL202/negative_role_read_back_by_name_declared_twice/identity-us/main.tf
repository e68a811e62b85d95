# The same name in the other root.
resource "aws_iam_role" "ledger_api" {
  name = "ledger-api"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::777788889999:oidc-provider/oidc.eks.ca-central-1.amazonaws.com/id/A1B2C3D4E5F60718293A4B5C6D7E8F90" }
      Condition = {
        StringEquals = {
          "oidc.eks.ca-central-1.amazonaws.com/id/A1B2C3D4E5F60718293A4B5C6D7E8F90:sub" = "system:serviceaccount:ledger:api"
          "oidc.eks.ca-central-1.amazonaws.com/id/A1B2C3D4E5F60718293A4B5C6D7E8F90:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
