# An eks module version faultline has no model of, and no module cache:
# the provider it makes is not read, so whether it accepts STS tokens
# only is not known, and the finding is inferred (a notice).
module "platform" {
  source       = "terraform-aws-modules/eks/aws"
  version      = "12.2.0"
  cluster_name = "platform"
  enable_irsa  = true
  subnets      = ["subnet-0a1b2c3d", "subnet-0e4f5a6b"]
  vpc_id       = "vpc-0c7d8e9f"
}

data "aws_iam_policy_document" "exporter_trust" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [module.platform.oidc_provider_arn]
    }
    condition {
      test     = "StringEquals"
      variable = "${replace(module.platform.cluster_oidc_issuer_url, "https://", "")}:sub"
      values   = ["system:serviceaccount:monitoring:cloudwatch-exporter"]
    }
  }
}

resource "aws_iam_role" "exporter" {
  name               = "platform-cloudwatch-exporter"
  assume_role_policy = data.aws_iam_policy_document.exporter_trust.json # want FL204:notice `trust of role "platform-cloudwatch-exporter" \(aws_iam_role.exporter\) has a web-identity statement without an :aud = sts.amazonaws.com condition`
}
