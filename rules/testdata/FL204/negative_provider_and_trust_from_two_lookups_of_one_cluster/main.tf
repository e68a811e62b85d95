variable "cluster_name" {
  type = string
}

data "aws_caller_identity" "current" {}

# The provider is registered from one lookup of the cluster ...
data "aws_eks_cluster" "cluster" {
  name = var.cluster_name
}

resource "aws_iam_openid_connect_provider" "cluster" {
  url             = data.aws_eks_cluster.cluster.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

# ... the role's trust reads another lookup of the same name: one
# cluster, one issuer, whose only provider takes STS tokens alone.
data "aws_eks_cluster" "selected" {
  count = 1
  name  = var.cluster_name
}

locals {
  issuer_host = replace(data.aws_eks_cluster.selected[0].identity[0].oidc[0].issuer, "https://", "")
}

resource "aws_iam_role" "dns" {
  name = "external-dns"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::${data.aws_caller_identity.current.account_id}:oidc-provider/${local.issuer_host}" }
      Condition = { StringEquals = { "${local.issuer_host}:sub" = "system:serviceaccount:kube-system:external-dns" } }
    }]
  })
}
