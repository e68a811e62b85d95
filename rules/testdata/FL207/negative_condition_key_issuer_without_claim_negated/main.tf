# Under StringNotEquals a key the request lacks passes: the condition
# keyed on the issuer alone lets every token in (FL203), it is not false.
resource "aws_iam_role" "mailer" {
  name = "relay-mailer"
  assume_role_policy = jsonencode({ # want FL203 `lets any service account of any namespace assume it`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::345678901234:oidc-provider/oidc.eks.ca-central-1.amazonaws.com/id/7D1E2F3A4B5C6D7E8F9A0B1C2D3E4F5A" }
      Condition = {
        StringNotEquals = {
          "oidc.eks.ca-central-1.amazonaws.com/id/7D1E2F3A4B5C6D7E8F9A0B1C2D3E4F5A" = "system:serviceaccount:relay:mailer"
        }
        StringEquals = {
          "oidc.eks.ca-central-1.amazonaws.com/id/7D1E2F3A4B5C6D7E8F9A0B1C2D3E4F5A:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
