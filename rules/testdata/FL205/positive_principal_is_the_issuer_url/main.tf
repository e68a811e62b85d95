# The issuer URL was pasted where the provider's ARN belongs; the keys
# are right.
resource "aws_iam_role" "exporter" {
  name = "metrics-exporter"
  assume_role_policy = jsonencode({ # want FL205 `role "metrics-exporter" \(aws_iam_role.exporter\) lets in Federated principal the issuer URL, not an OIDC provider's ARN .*so it names no provider$`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "https://oidc.eks.eu-central-1.amazonaws.com/id/5C4F0E8B1A2D3C4B5A6F7E8D9C0B1A2F" }
      Condition = {
        StringEquals = {
          "oidc.eks.eu-central-1.amazonaws.com/id/5C4F0E8B1A2D3C4B5A6F7E8D9C0B1A2F:sub" = "system:serviceaccount:monitoring:exporter"
          "oidc.eks.eu-central-1.amazonaws.com/id/5C4F0E8B1A2D3C4B5A6F7E8D9C0B1A2F:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
