provider "aws" {
  region = "us-east-2"
}

data "aws_iam_policy_document" "pod_identity" {
  statement {
    effect  = "Allow"
    actions = ["sts:AssumeRole", "sts:TagSession"]
    principals {
      type        = "Service"
      identifiers = ["pods.eks.amazonaws.com"]
    }
    condition {
      test     = "StringEquals"
      variable = "aws:SourceAccount"
      values   = ["123456789012"]
    }
  }
}

resource "aws_iam_role" "cloudwatch_agent" {
  name               = "observability-cloudwatch-agent"
  assume_role_policy = data.aws_iam_policy_document.pod_identity.json
}

resource "aws_eks_pod_identity_association" "cloudwatch_agent" {
  cluster_name    = "observability"
  namespace       = "amazon-cloudwatch"
  service_account = "cloudwatch-agent"
  role_arn        = aws_iam_role.cloudwatch_agent.arn
}
