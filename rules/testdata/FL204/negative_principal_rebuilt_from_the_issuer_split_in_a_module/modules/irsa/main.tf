# The principal is rebuilt from the account, the region and the issuer's
# ID, the fifth part of https://oidc.eks.<region>.amazonaws.com/id/<ID>.
variable "name" { type = string }
variable "namespace" { type = string }
variable "account" { type = string }
variable "issuer_url" { type = string }

data "aws_caller_identity" "current" {}
data "aws_region" "current" {}

locals {
  issuer_id   = split("/", var.issuer_url)[4]
  issuer_host = "oidc.eks.${data.aws_region.current.name}.amazonaws.com/id/${local.issuer_id}"
}

resource "aws_iam_role" "this" {
  name = var.name
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::${data.aws_caller_identity.current.account_id}:oidc-provider/${local.issuer_host}" }
      Condition = {
        StringEquals = { "${local.issuer_host}:sub" = "system:serviceaccount:${var.namespace}:${var.account}" }
      }
    }]
  })
}
