# The external-dns role of the prod cluster was copied from staging: the
# principal was updated, the condition key was not.

provider "aws" {
  region = "us-east-1"
}

resource "aws_iam_role" "external_dns" {
  name = "prod-external-dns"

  assume_role_policy = jsonencode({ # want FL205 `IAM role "prod-external-dns" \(aws_iam_role.external_dns\) lets in OIDC provider oidc.eks.us-east-1.amazonaws.com/id/5C8E1F0A9B7D4E2F86A1C3D5E7F9B0A2 but its conditions "oidc.eks.us-east-1.amazonaws.com/id/0D24B7E3A6C94F1B8E5D2A7C9F3B6E14:sub", "oidc.eks.us-east-1.amazonaws.com/id/0D24B7E3A6C94F1B8E5D2A7C9F3B6E14:aud" test issuer oidc.eks.us-east-1.amazonaws.com/id/0D24B7E3A6C94F1B8E5D2A7C9F3B6E14`
    Version = "2012-10-17"
    Statement = [
      {
        Effect = "Allow"
        Action = "sts:AssumeRoleWithWebIdentity"
        Principal = {
          Federated = "arn:aws:iam::111122223333:oidc-provider/oidc.eks.us-east-1.amazonaws.com/id/5C8E1F0A9B7D4E2F86A1C3D5E7F9B0A2"
        }
        Condition = {
          StringEquals = {
            "oidc.eks.us-east-1.amazonaws.com/id/0D24B7E3A6C94F1B8E5D2A7C9F3B6E14:sub" = "system:serviceaccount:external-dns:external-dns"
            "oidc.eks.us-east-1.amazonaws.com/id/0D24B7E3A6C94F1B8E5D2A7C9F3B6E14:aud" = "sts.amazonaws.com"
          }
        }
      }
    ]
  })
}
