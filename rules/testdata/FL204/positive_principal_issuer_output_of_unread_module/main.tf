# The platform team's cluster module (a git source faultline does not
# read) makes the cluster and, likely, its OIDC provider; the uploader's
# trust writes the provider's ARN from the issuer the module outputs and
# has no audience condition. Whether that provider accepts STS alone is
# not known here.
module "cluster" {
  source = "git::https://git.example.com/platform/terraform-modules.git//eks-cluster?ref=v4.2.0"

  name = "media"
}

data "aws_caller_identity" "current" {}

locals {
  oidc_host = replace(module.cluster.oidc_issuer_url, "https://", "")
}

resource "aws_iam_role" "uploader" {
  name = "media-uploader"

  assume_role_policy = jsonencode({ # want FL204:notice "has a web-identity statement without an :aud = sts.amazonaws.com condition"
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::${data.aws_caller_identity.current.account_id}:oidc-provider/${local.oidc_host}" }
      Condition = {
        StringEquals = { "${local.oidc_host}:sub" = "system:serviceaccount:media:uploader" }
      }
    }]
  })
}
