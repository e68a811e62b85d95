# The same profile, but this root gives keys of its own: they are another
# identity than the profile's, perhaps of another account.
provider "aws" {
  region     = "eu-west-1"
  profile    = "tern-admin"
  access_key = var.access_key
  secret_key = var.secret_key
}

data "aws_eks_cluster" "tern" {
  name = "tern"
}

data "aws_iam_openid_connect_provider" "tern" {
  url = data.aws_eks_cluster.tern.identity[0].oidc[0].issuer
}

data "aws_iam_policy_document" "cert_manager" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [data.aws_iam_openid_connect_provider.tern.arn]
    }
    condition {
      test     = "StringEquals"
      variable = "${trimprefix(data.aws_iam_openid_connect_provider.tern.url, "https://")}:sub"
      values   = ["system:serviceaccount:cert-manager:cert-manager"]
    }
  }
}

resource "aws_iam_role" "cert_manager" {
  name               = "tern-cert-manager"
  assume_role_policy = data.aws_iam_policy_document.cert_manager.json # want FL204:notice `trust of role "tern-cert-manager" \(aws_iam_role.cert_manager\) has a web-identity statement without an :aud = sts.amazonaws.com condition`
}

variable "access_key" {
  type = string
}

variable "secret_key" {
  type      = string
  sensitive = true
}
