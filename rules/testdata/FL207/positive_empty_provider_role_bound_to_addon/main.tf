# The production stack passes the cluster's provider ARN as an input, and
# the pipeline left it empty: the VPC CNI add-on's role trusts no issuer,
# and its condition keys (":sub", ":aud") name none.
variable "oidc_provider_arn" {
  type    = string
  default = ""
}

locals {
  oidc_issuer = replace(var.oidc_provider_arn, "/^(.*provider/)/", "")
}

resource "aws_eks_cluster" "main" {
  name     = "tidal"
  role_arn = "arn:aws:iam::135792468024:role/tidal-cluster"
  vpc_config {
    subnet_ids = ["subnet-0c1d2e3f4a5b60718", "subnet-0d2e3f4a5b6c70819"]
  }
}

resource "aws_iam_role" "vpc_cni" {
  name = "tidal-vpc-cni"
  assume_role_policy = jsonencode({ # want FL207 `condition key ":sub" has no issuer before ":sub"` FL207 `condition key ":aud" has no issuer before ":aud"`
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
  cluster_name             = aws_eks_cluster.main.name
  addon_name               = "vpc-cni"
  service_account_role_arn = aws_iam_role.vpc_cni.arn
}
