# GitHub Actions trust without an :aud condition: the Federated principal
# is a reference, the condition key names GitHub's issuer. FL204 is about
# EKS service account tokens, not GitHub's.
resource "aws_iam_openid_connect_provider" "github" {
  url             = "https://token.actions.githubusercontent.com"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["ffffffffffffffffffffffffffffffffffffffff"]
}

data "aws_iam_policy_document" "deploy_assume" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [aws_iam_openid_connect_provider.github.arn]
    }
    condition {
      test     = "StringLike"
      variable = "token.actions.githubusercontent.com:sub"
      values   = ["repo:acme-platform/infrastructure:*"]
    }
  }
}

resource "aws_iam_role" "deploy" {
  name               = "gha-infrastructure-deploy"
  assume_role_policy = data.aws_iam_policy_document.deploy_assume.json
}
