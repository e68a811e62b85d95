# A cluster module in the style many teams copied from the eks module's
# v17 days: every resource is counted on a flag and read back through
# splats, so a disabled cluster yields "" rather than an error.
variable "cluster_name" {
  type = string
}

variable "create" {
  type    = bool
  default = true
}

variable "subnet_ids" {
  type = list(string)
}

resource "aws_iam_role" "control_plane" {
  count = var.create ? 1 : 0
  name  = "${var.cluster_name}-control-plane"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "eks.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
}

resource "aws_eks_cluster" "this" {
  count    = var.create ? 1 : 0
  name     = var.cluster_name
  role_arn = aws_iam_role.control_plane[0].arn

  vpc_config {
    subnet_ids = var.subnet_ids
  }
}

# The provider registers STS as its only client: a token minted for any
# other audience is turned down, so a trust need not check :aud.
resource "aws_iam_openid_connect_provider" "irsa" {
  count           = var.create ? 1 : 0
  url             = flatten(concat(aws_eks_cluster.this[*].identity[*].oidc.0.issuer, [""]))[0]
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

output "cluster_oidc_issuer_url" {
  value = flatten(concat(aws_eks_cluster.this[*].identity[*].oidc.0.issuer, [""]))[0]
}

output "oidc_provider_arn" {
  value = var.create ? concat(aws_iam_openid_connect_provider.irsa[*].arn, [""])[0] : null
}
