# The controller's namespace is chosen per environment; whatever it is, the
# trust names another account than the one the chart creates.
variable "controller_namespace" {
  type = string
}

locals {
  issuer = "oidc.eks.eu-north-1.amazonaws.com/id/5EED5EED5EED5EED5EED5EED5EED5EED"
}

data "aws_iam_policy_document" "lbc_assume" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = ["arn:aws:iam::246813579024:oidc-provider/${local.issuer}"]
    }
    condition {
      test     = "StringEquals"
      variable = "${local.issuer}:sub"
      values   = ["system:serviceaccount:${var.controller_namespace}:lb-controller"]
    }
    condition {
      test     = "StringEquals"
      variable = "${local.issuer}:aud"
      values   = ["sts.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "lbc" {
  name               = "edge-lb-controller"
  assume_role_policy = data.aws_iam_policy_document.lbc_assume.json # want FL202 `allows system:serviceaccount:\$\{var.controller_namespace\}:lb-controller; the service account bound to it is kube-system:aws-load-balancer-controller`
}

resource "kubernetes_service_account_v1" "lbc" {
  metadata {
    name      = "aws-load-balancer-controller"
    namespace = "kube-system"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_role.lbc.arn
    }
  }
}
