# Both roots take their credentials from the same named profile of the
# same file and assume no role: they are applied in one account, whose
# provider for the issuer (the cluster root's) accepts only STS tokens.
provider "aws" {
  region                   = "eu-west-1"
  profile                  = "tern-admin"
  shared_credentials_files = ["~/.aws/credentials"]
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
  assume_role_policy = data.aws_iam_policy_document.cert_manager.json
}
