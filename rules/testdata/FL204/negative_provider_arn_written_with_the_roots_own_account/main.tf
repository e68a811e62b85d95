# The root is applied in the account the principal names.
provider "aws" {
  region              = "eu-central-1"
  allowed_account_ids = ["444455556666"]
}

variable "account_id" {
  type    = string
  default = "444455556666"
}

resource "aws_eks_cluster" "orbit" {
  name     = "orbit"
  role_arn = "arn:aws:iam::444455556666:role/orbit-control-plane"
  vpc_config {
    subnet_ids = ["subnet-0a0b0c0d0e0f01020", "subnet-0b1c2d3e4f5a60718"]
  }
}

resource "aws_iam_openid_connect_provider" "orbit" {
  url             = aws_eks_cluster.orbit.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

locals {
  issuer = trimprefix(aws_iam_openid_connect_provider.orbit.url, "https://")
}

# The provider of this root's issuer in the root's own account: it takes
# only STS tokens, and the missing audience changes nothing.
resource "aws_iam_role" "reports" {
  name = "orbit-reports"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::${var.account_id}:oidc-provider/${local.issuer}" }
      Condition = { StringEquals = { "${local.issuer}:sub" = "system:serviceaccount:reports:exporter" } }
    }]
  })
}
