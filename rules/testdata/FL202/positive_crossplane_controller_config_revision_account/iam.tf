# The ControllerConfig (Crossplane 1.x) gives the providers the role; the
# trust was written for the S3 provider's revision accounts only, and
# the EC2 provider uses the same config.
locals {
  issuer = "oidc.eks.eu-central-1.amazonaws.com/id/5E1F0C2A9B7D4E3F8A6C1B0D9E8F7A6B"
}

data "aws_iam_policy_document" "crossplane" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = ["arn:aws:iam::210987654321:oidc-provider/${local.issuer}"]
    }
    condition {
      test     = "StringLike"
      variable = "${local.issuer}:sub"
      values   = ["system:serviceaccount:crossplane-system:provider-aws-s3-*"]
    }
    condition {
      test     = "StringEquals"
      variable = "${local.issuer}:aud"
      values   = ["sts.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "crossplane" {
  name               = "crossplane-providers"
  assume_role_policy = data.aws_iam_policy_document.crossplane.json # want FL202:warning `trust of role "crossplane-providers" \(aws_iam_role.crossplane\) allows system:serviceaccount:crossplane-system:provider-aws-s3-\*; the service account bound to it is crossplane-system:provider-aws-ec2-\$\{Provider/provider-aws-ec2.digest\}` FL203:warning `matching provider-aws-s3-\* assume it`
}
