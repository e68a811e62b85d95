variable "cluster_name" {
  type    = string
  default = "billing"
}

variable "oidc_provider_arn" {
  description = "ARN of the cluster's IAM OIDC provider, from the cluster stack's outputs"
  type        = string
}

data "aws_eks_cluster" "this" {
  name = var.cluster_name
}

resource "aws_iam_role" "external_secrets" {
  name = "billing-external-secrets"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = var.oidc_provider_arn }
      Condition = {
        StringEquals = {
          "${replace(data.aws_eks_cluster.this.identity[0].oidc[0].issuer, "https://", "")}:sub" = "system:serviceaccount:external-secrets:external-secrets"
          "${replace(data.aws_eks_cluster.this.identity[0].oidc[0].issuer, "https://", "")}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
