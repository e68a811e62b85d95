locals {
  issuer = "oidc.eks.us-east-2.amazonaws.com/id/2B3C4D5E6F708192A3B4C5D6E7F80912"
}

resource "aws_iam_role" "reports" {
  name = "prod-reports"
  assume_role_policy = jsonencode({ # want FL201 `allows system:serviceaccount:reporting:reports; the service account runs as analytics:reports`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::777788889999:oidc-provider/${local.issuer}" }
      Condition = {
        StringEquals = {
          "${local.issuer}:sub" = "system:serviceaccount:reporting:reports"
          "${local.issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
