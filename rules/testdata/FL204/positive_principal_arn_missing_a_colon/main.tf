# The provider ARN lost a colon (arn:aws:iam:<account>:… has five fields);
# the condition keys still name the cluster's issuer, and the statement
# has no audience check.
data "aws_caller_identity" "current" {}

locals {
  issuer = "oidc.eks.ap-south-1.amazonaws.com/id/0D15EA5E0D15EA5E0D15EA5E0D15EA5E"
}

resource "aws_iam_role" "reports" {
  name = "reports-exporter"
  assume_role_policy = jsonencode({ # want FL204:warning `without an :aud = sts.amazonaws.com condition`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Federated = "arn:aws:iam:${data.aws_caller_identity.current.account_id}:oidc-provider/${local.issuer}" }
      Action    = "sts:AssumeRoleWithWebIdentity"
      Condition = {
        StringEquals = {
          "${local.issuer}:sub" = "system:serviceaccount:reports:exporter"
        }
      }
    }]
  })
}
