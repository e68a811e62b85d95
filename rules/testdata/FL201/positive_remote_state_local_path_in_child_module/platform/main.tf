# Kept in a local state beside this configuration (no backend block).
resource "aws_iam_role" "exporter" {
  name = "metrics-exporter"
  assume_role_policy = jsonencode({ # want FL201 `allows system:serviceaccount:observability:metrics-exporter; the service account runs as monitoring:metrics-exporter`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::210987654321:oidc-provider/oidc.eks.us-west-2.amazonaws.com/id/1F2E3D4C5B6A79880A1B2C3D4E5F6A7B" }
      Condition = {
        StringEquals = {
          "oidc.eks.us-west-2.amazonaws.com/id/1F2E3D4C5B6A79880A1B2C3D4E5F6A7B:sub" = "system:serviceaccount:observability:metrics-exporter"
          "oidc.eks.us-west-2.amazonaws.com/id/1F2E3D4C5B6A79880A1B2C3D4E5F6A7B:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

output "exporter_role_arn" {
  value = aws_iam_role.exporter.arn
}
