resource "aws_iam_openid_connect_provider" "eks" {
  url            = "https://oidc.eks.ap-south-1.amazonaws.com/id/7E6D5C4B3A2918070F1E2D3C4B5A6978"
  client_id_list = ["sts.amazonaws.com"]
}

locals {
  issuer = "oidc.eks.ap-south-1.amazonaws.com/id/7E6D5C4B3A2918070F1E2D3C4B5A6978"
}

# Two condition blocks with the same test and variable: the AWS provider
# renders one :sub key holding both values, and the controller's subject
# is one of them.
data "aws_iam_policy_document" "lb_trust" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [aws_iam_openid_connect_provider.eks.arn]
    }
    condition {
      test     = "StringEquals"
      variable = "${local.issuer}:sub"
      values   = ["system:serviceaccount:kube-system:aws-load-balancer-controller"]
    }
    condition {
      test     = "StringEquals"
      variable = "${local.issuer}:sub"
      values   = ["sts.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "lb" {
  name               = "mumbai-lb-controller"
  assume_role_policy = data.aws_iam_policy_document.lb_trust.json
}
