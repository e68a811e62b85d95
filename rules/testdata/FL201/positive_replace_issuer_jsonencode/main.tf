variable "cluster_name" {
  type    = string
  default = "analytics"
}

data "aws_eks_cluster" "this" {
  name = var.cluster_name
}

data "aws_caller_identity" "current" {}

locals {
  oidc = trimprefix(data.aws_eks_cluster.this.identity[0].oidc[0].issuer, "https://")
}

resource "aws_iam_role" "fluent_bit" {
  name = "${var.cluster_name}-fluent-bit"
  assume_role_policy = jsonencode({ # want FL201 `allows system:serviceaccount:observability:fluent-bit; the service account runs as logging:fluent-bit`
    Version = "2012-10-17"
    Statement = [{
      Effect = "Allow"
      Action = "sts:AssumeRoleWithWebIdentity"
      Principal = {
        Federated = "arn:aws:iam::${data.aws_caller_identity.current.account_id}:oidc-provider/${local.oidc}"
      }
      Condition = {
        StringEquals = {
          "${local.oidc}:sub" = "system:serviceaccount:observability:fluent-bit"
          "${local.oidc}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "kubernetes_service_account_v1" "fluent_bit" {
  metadata {
    name      = "fluent-bit"
    namespace = "logging"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_role.fluent_bit.arn
    }
  }
}
