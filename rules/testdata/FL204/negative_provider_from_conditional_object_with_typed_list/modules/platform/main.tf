variable "identity" {
  description = "Bring an existing OIDC provider instead of the cluster's own."
  type = object({
    own = optional(bool, true)
    existing = optional(object({
      arn             = optional(string)
      url             = optional(string)
      thumbprints     = optional(list(string))
    }))
  })
  default = {}
}

resource "aws_eks_cluster" "main" {
  name     = "ledger"
  role_arn = "arn:aws:iam::481516234200:role/ledger-control-plane"
  vpc_config {
    subnet_ids = ["subnet-07f8e9d0c1b2a3041", "subnet-07f8e9d0c1b2a3042"]
  }
}

resource "aws_iam_openid_connect_provider" "cluster" {
  count          = var.identity.own ? 1 : 0
  url            = aws_eks_cluster.main.identity[0].oidc[0].issuer
  client_id_list = ["sts.amazonaws.com"]
}

locals {
  # The provider in use, as one object whichever way it came: with the
  # defaults, the cluster's own.
  provider = var.identity.own ? {
    arn         = try(aws_iam_openid_connect_provider.cluster[0].arn, null)
    url         = try(aws_iam_openid_connect_provider.cluster[0].url, null)
    thumbprints = try(aws_iam_openid_connect_provider.cluster[0].thumbprint_list, null)
  } : var.identity.existing
}

output "identity" {
  value = { provider = local.provider }
}
