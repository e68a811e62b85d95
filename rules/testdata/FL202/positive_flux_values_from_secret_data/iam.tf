# The role's trust names the chart's default account; the values the
# release reads from a Secret name another.
resource "aws_iam_role" "external_dns" {
  name = "platform-external-dns"
  assume_role_policy = jsonencode({ # want FL202 `allows system:serviceaccount:dns:external-dns; the service account bound to it is dns:dns-updater`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::210987654321:oidc-provider/oidc.eks.us-west-2.amazonaws.com/id/4D3C2B1A0F9E8D7C6B5A4F3E2D1C0B9A" }
      Condition = {
        StringEquals = {
          "oidc.eks.us-west-2.amazonaws.com/id/4D3C2B1A0F9E8D7C6B5A4F3E2D1C0B9A:sub" = "system:serviceaccount:dns:external-dns"
          "oidc.eks.us-west-2.amazonaws.com/id/4D3C2B1A0F9E8D7C6B5A4F3E2D1C0B9A:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
