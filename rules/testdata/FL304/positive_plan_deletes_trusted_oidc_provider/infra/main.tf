# The pull request removes the OIDC provider ("the new cluster module creates
# its own") — but the external-dns role's trust still names it by ARN.
resource "aws_iam_role" "external_dns" {
  name = "prod-external-dns"
  assume_role_policy = jsonencode({ # want FL304 `OIDC provider aws_iam_openid_connect_provider.eks is deleted by the plan while IAM role aws_iam_role.external_dns still trusts it`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::111122223333:oidc-provider/oidc.eks.us-east-1.amazonaws.com/id/PRODA1B2C3D4E5F6A7B8C9D0E1F2A3B4" }
      Condition = {
        StringEquals = {
          "oidc.eks.us-east-1.amazonaws.com/id/PRODA1B2C3D4E5F6A7B8C9D0E1F2A3B4:sub" = "system:serviceaccount:external-dns:external-dns"
          "oidc.eks.us-east-1.amazonaws.com/id/PRODA1B2C3D4E5F6A7B8C9D0E1F2A3B4:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
