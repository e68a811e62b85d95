variable "cluster_name" {
  type = string
}

data "aws_caller_identity" "current" {}

# Read back by name: the cluster the cluster unit makes.
data "aws_eks_cluster" "target" {
  name = var.cluster_name
}

locals {
  oidc = trimprefix(data.aws_eks_cluster.target.identity[0].oidc[0].issuer, "https://")
}

# Its principal is this account's provider for that cluster's issuer: the
# cluster unit's, which takes only STS tokens, if both units are applied
# in one account — nothing says so, hence a notice.
resource "aws_iam_role" "shipper" {
  name = "log-shipper"
  assume_role_policy = jsonencode({ # want FL204:notice `trust of role "log-shipper" \(\[live/prod/logging\] aws_iam_role.shipper\) has a web-identity statement without an :aud = sts.amazonaws.com condition`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::${data.aws_caller_identity.current.account_id}:oidc-provider/${local.oidc}" }
      Condition = {
        StringEquals = {
          "${local.oidc}:sub" = "system:serviceaccount:logging:shipper"
        }
      }
    }]
  })
}
