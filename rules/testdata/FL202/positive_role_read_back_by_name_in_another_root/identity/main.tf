# The identity root owns the workload roles.
resource "aws_iam_role" "ledger_api" {
  name = "ledger-api"
  assume_role_policy = jsonencode({ # want FL202 `trust of role "ledger-api" \(aws_iam_role.ledger_api\) allows system:serviceaccount:ledger:api; the service account bound to it is ledger:ledger-api: kubernetes_service_account_v1.ledger_api \(across roots`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::444455556666:oidc-provider/oidc.eks.ca-central-1.amazonaws.com/id/A1B2C3D4E5F60718293A4B5C6D7E8F90" }
      Condition = {
        StringEquals = {
          "oidc.eks.ca-central-1.amazonaws.com/id/A1B2C3D4E5F60718293A4B5C6D7E8F90:sub" = "system:serviceaccount:ledger:api"
          "oidc.eks.ca-central-1.amazonaws.com/id/A1B2C3D4E5F60718293A4B5C6D7E8F90:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
