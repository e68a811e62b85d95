# The cluster module takes the sync role, and the sync role's trust reads
# the provider the module makes: each reads a different part of the
# other, which Terraform orders output by output.
module "eu" {
  source = "./cluster"

  region_name = "eu"
  sync_role   = aws_iam_role.repo_sync
}

locals {
  oidc = {
    eu = module.eu.oidc_provider
  }
}

data "aws_iam_policy_document" "repo_sync_trust" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]

    principals {
      type        = "Federated"
      identifiers = [local.oidc.eu.arn]
    }

    condition {
      test     = "StringEquals"
      variable = "${replace(local.oidc["eu"].url, "https://", "")}:sub"
      values   = ["system:serviceaccount:argocd-repo-server"]
    }
  }
}

resource "aws_iam_role" "repo_sync" {
  name               = "apps-repo-sync"
  assume_role_policy = data.aws_iam_policy_document.repo_sync_trust.json # want FL207 `subject "system:serviceaccount:argocd-repo-server" names a namespace but no service account`
}
