# Copied from the staging stack when the external-dns role was added.
resource "aws_iam_role" "external_dns" {
  name = "prod-external-dns"
  assume_role_policy = jsonencode({ # want FL205 `trust of IAM role "prod-external-dns" \(aws_iam_role.external_dns\) names OIDC provider oidc.eks.us-east-1.amazonaws.com/id/STAGINGAAAABBBBCCCCDDDDEEEEFFFF00, but ServiceAccount external-dns/external-dns runs in cluster prod, whose issuer is oidc.eks.us-east-1.amazonaws.com/id/PRODA1B2C3D4E5F6A7B8C9D0E1F2A3B4`
    Version = "2012-10-17"
    Statement = [{
      Effect = "Allow"
      Action = "sts:AssumeRoleWithWebIdentity"
      Principal = {
        Federated = "arn:aws:iam::111122223333:oidc-provider/oidc.eks.us-east-1.amazonaws.com/id/STAGINGAAAABBBBCCCCDDDDEEEEFFFF00"
      }
      Condition = {
        StringEquals = {
          "oidc.eks.us-east-1.amazonaws.com/id/STAGINGAAAABBBBCCCCDDDDEEEEFFFF00:sub" = "system:serviceaccount:external-dns:external-dns"
          "oidc.eks.us-east-1.amazonaws.com/id/STAGINGAAAABBBBCCCCDDDDEEEEFFFF00:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
