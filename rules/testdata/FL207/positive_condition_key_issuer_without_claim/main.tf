# The subject is keyed on the issuer alone: the ":sub" was left off. No
# request carries that key, so StringEquals is false and no pod gets in.
resource "aws_iam_role" "mailer" {
  name = "relay-mailer"
  assume_role_policy = jsonencode({ # want FL207 `condition key "oidc.eks.ca-central-1.amazonaws.com/id/7D1E2F3A4B5C6D7E8F9A0B1C2D3E4F5A" is the issuer alone, with no claim after it`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::345678901234:oidc-provider/oidc.eks.ca-central-1.amazonaws.com/id/7D1E2F3A4B5C6D7E8F9A0B1C2D3E4F5A" }
      Condition = {
        StringEquals = {
          "oidc.eks.ca-central-1.amazonaws.com/id/7D1E2F3A4B5C6D7E8F9A0B1C2D3E4F5A"     = "system:serviceaccount:relay:mailer"
          "oidc.eks.ca-central-1.amazonaws.com/id/7D1E2F3A4B5C6D7E8F9A0B1C2D3E4F5A:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
