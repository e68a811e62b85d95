data "aws_caller_identity" "current" {}

locals {
  oidc_issuer = "oidc.eks.eu-west-1.amazonaws.com/id/5C0FFEE5C0FFEE5C0FFEE5C0FFEE5C0F"
}

data "aws_iam_policy_document" "lbc_trust" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = ["arn:aws:iam::${data.aws_caller_identity.current.account_id}:oidc-provider/${local.oidc_issuer}"]
    }
    condition {
      test     = "StringEquals"
      variable = "${local.oidc_issuer}:sub"
      values   = ["system:serviceaccount:kube-system:aws-load-balancer-controller"]
    }
    condition {
      test     = "StringEquals"
      variable = "${local.oidc_issuer}:aud"
      values   = ["sts.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "lbc" {
  name               = "aws-load-balancer-controller"
  assume_role_policy = data.aws_iam_policy_document.lbc_trust.json # want FL201 `allows system:serviceaccount:kube-system:aws-load-balancer-controller; the service account runs as default:aws-load-balancer-controller`
}

# No namespace: the kubernetes provider puts it into "default".
resource "kubernetes_service_account_v1" "lbc" {
  metadata {
    name = "aws-load-balancer-controller"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_role.lbc.arn
    }
  }
}
