# The cluster's facts come in as one typed object from the platform
# stack; the trust makes one statement per provider. The provider ARN is
# not known here, but the statement, its issuer and its subject are: the autoscaler
# moved to its own namespace and the trust still names kube-system.
variable "cluster" {
  type = object({
    oidc_provider_arn = string
  })
}

locals {
  providers = {
    primary = {
      arn    = var.cluster.oidc_provider_arn
      issuer = "oidc.eks.eu-west-1.amazonaws.com/id/7C0FFEE7C0FFEE7C0FFEE7C0FFEE7C0F"
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
  assume_role_policy = data.aws_iam_policy_document.autoscaler_trust.json # want FL201 `allows system:serviceaccount:kube-system:cluster-autoscaler; the service account runs as autoscaling:cluster-autoscaler`
}

resource "kubernetes_service_account_v1" "autoscaler" {
  metadata {
    name      = "cluster-autoscaler"
    namespace = "autoscaling"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_role.autoscaler.arn
    }
  }
}
