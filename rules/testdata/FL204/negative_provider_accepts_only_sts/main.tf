# The secrets operator's trust checks the subject but not the audience.
# Its cluster's OIDC provider, created by the eks module with no extra
# audiences, registers sts.amazonaws.com as its only client ID: STS turns
# down a token minted for anything else, so the audience condition would
# add nothing here.
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "20.24.3"

  cluster_name    = "vault-less"
  cluster_version = "1.30"
}

data "aws_iam_policy_document" "external_secrets_trust" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [module.eks.oidc_provider_arn]
    }
    condition {
      test     = "StringEquals"
      variable = "${module.eks.oidc_provider}:sub"
      values   = ["system:serviceaccount:external-secrets:external-secrets"]
    }
  }
}

resource "aws_iam_role" "external_secrets" {
  name               = "vault-less-external-secrets"
  assume_role_policy = data.aws_iam_policy_document.external_secrets_trust.json
}
