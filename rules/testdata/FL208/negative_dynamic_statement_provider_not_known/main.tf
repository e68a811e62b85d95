# The cluster's facts come in as one typed object from the platform
# stack; the trust makes one statement per provider. The provider ARN is
# not known here, but the statement is there: the role does trust a
# federated principal.
variable "cluster" {
  type = object({
    oidc_provider_arn = string
    oidc_issuer       = string
  })
}

locals {
  providers = {
    primary = {
      arn    = var.cluster.oidc_provider_arn
      issuer = var.cluster.oidc_issuer
    }
  }
}

data "aws_iam_policy_document" "autoscaler_trust" {
  dynamic "statement" {
    for_each = local.providers
    content {
      actions = ["sts:AssumeRoleWithWebIdentity"]
      principals {
        type        = "Federated"
        identifiers = [statement.value.arn]
      }
      condition {
        test     = "StringEquals"
        variable = "${statement.value.issuer}:sub"
        values   = ["system:serviceaccount:kube-system:cluster-autoscaler"]
      }
      condition {
        test     = "StringEquals"
        variable = "${statement.value.issuer}:aud"
        values   = ["sts.amazonaws.com"]
      }
    }
  }
}

resource "aws_iam_role" "autoscaler" {
  name               = "cluster-autoscaler"
  assume_role_policy = data.aws_iam_policy_document.autoscaler_trust.json
}

resource "kubernetes_service_account_v1" "autoscaler" {
  metadata {
    name      = "cluster-autoscaler"
    namespace = "kube-system"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_role.autoscaler.arn
    }
  }
}
