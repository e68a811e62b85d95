provider "aws" {
  region = "us-west-2"
}

locals {
  issuer = "oidc.eks.us-west-2.amazonaws.com/id/1B2C3D4E5F60"
}

resource "aws_iam_role" "etl" {
  name = "etl-runner"
  # A team:job naming scheme carried into the subject.
  assume_role_policy = jsonencode({ # want FL207:error `trust of IAM role "etl-runner" \(aws_iam_role.etl\): subject "system:serviceaccount:data:etl:runner" holds more than a namespace and a name`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::123456789012:oidc-provider/${local.issuer}" }
      Condition = {
        StringEquals = {
          "${local.issuer}:sub" = "system:serviceaccount:data:etl:runner"
          "${local.issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
