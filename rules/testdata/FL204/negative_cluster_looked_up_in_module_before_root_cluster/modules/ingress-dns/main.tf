variable "cluster_name" {
  type = string
}

data "aws_partition" "this" {}
data "aws_caller_identity" "this" {}

# Looked up by name: after apply this is the platform root's cluster.
data "aws_eks_cluster" "target" {
  name = var.cluster_name
}

locals {
  oidc_host = trimprefix(data.aws_eks_cluster.target.identity[0].oidc[0].issuer, "https://")
}

resource "aws_iam_role" "external_dns" {
  name = "${var.cluster_name}-external-dns"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:${data.aws_partition.this.partition}:iam::${data.aws_caller_identity.this.account_id}:oidc-provider/${local.oidc_host}" }
      Condition = {
        StringEquals = {
          "${local.oidc_host}:sub" = "system:serviceaccount:external-dns:external-dns"
        }
      }
    }]
  })
}
