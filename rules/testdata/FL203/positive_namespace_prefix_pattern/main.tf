locals {
  issuer = "oidc.eks.eu-west-1.amazonaws.com/id/7A8B9C0D1E2F3A4B5C6D7E8F9A0B1C2D"
}

# Every team namespace starts with "payments", so the pattern was meant
# to cover them all; it also covers any namespace someone names so.
resource "aws_iam_role" "payments" {
  name = "payments-workloads"
  assume_role_policy = jsonencode({ # want FL203:error `trust of role "payments-workloads" \(aws_iam_role.payments\) lets service accounts of any namespace matching payments\* assume it`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::123456789012:oidc-provider/${local.issuer}" }
      Condition = {
        StringEquals = { "${local.issuer}:aud" = "sts.amazonaws.com" }
        StringLike   = { "${local.issuer}:sub" = "system:serviceaccount:payments*:*" }
      }
    }]
  })
}
