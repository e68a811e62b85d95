variable "cluster_name" {
  type = string
}

variable "oidc_provider_arn" {
  type = string
}

locals {
  oidc_issuer = replace(var.oidc_provider_arn, "/^(.*provider/)/", "")
}

resource "aws_iam_role" "vpc_cni" {
  name = "${var.cluster_name}-vpc-cni"
  assume_role_policy = jsonencode({ # want FL207 `condition keys ":aud", ":sub" have no issuer before the claim`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = var.oidc_provider_arn }
      Condition = {
        StringEquals = {
          "${local.oidc_issuer}:sub" = "system:serviceaccount:kube-system:aws-node"
          "${local.oidc_issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "aws_eks_addon" "vpc_cni" {
  cluster_name             = var.cluster_name
  addon_name               = "vpc-cni"
  service_account_role_arn = aws_iam_role.vpc_cni.arn
}
