# OpenTofu evaluates the module source early: var.binding picks which of
# the account modules this root calls. The modules are not roots of their
# own: read alone, accounts/irsa would put the account in its variable's
# default namespace, a binding that is never applied.
terraform {
  backend "s3" {}
}

variable "binding" {
  type    = string
  default = "irsa"
}

resource "aws_iam_openid_connect_provider" "eks" {
  url            = "https://oidc.eks.eu-central-1.amazonaws.com/id/1F2E3D4C5B6A79881F2E3D4C5B6A7988"
  client_id_list = ["sts.amazonaws.com"]
}

resource "aws_iam_role" "billing" {
  name = "billing"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.eks.arn }
      Condition = {
        StringEquals = {
          "oidc.eks.eu-central-1.amazonaws.com/id/1F2E3D4C5B6A79881F2E3D4C5B6A7988:sub" = "system:serviceaccount:billing:invoicer"
          "oidc.eks.eu-central-1.amazonaws.com/id/1F2E3D4C5B6A79881F2E3D4C5B6A7988:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

module "account" {
  source    = "./accounts/${var.binding}"
  namespace = "billing"
  role_arn  = aws_iam_role.billing.arn
}
