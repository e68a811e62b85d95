variable "oidc_provider_arn" {
  type = string
}

variable "cluster_endpoint" {
  type = string
}

locals {
  issuer = replace(var.cluster_endpoint, "https://", "")
}

resource "aws_iam_role" "this" {
  name = "orders-aws-load-balancer-controller"
  assume_role_policy = jsonencode({ # want FL207 `condition key "\$\{…\}:sub" is built from aws_eks_cluster.main.endpoint, the cluster's API server endpoint, not its OIDC issuer` FL207 `condition key "\$\{…\}:aud" is built from aws_eks_cluster.main.endpoint`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = var.oidc_provider_arn }
      Condition = {
        StringEquals = {
          "${local.issuer}:sub" = "system:serviceaccount:kube-system:aws-load-balancer-controller"
          "${local.issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
