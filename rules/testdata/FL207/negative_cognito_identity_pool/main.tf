# Signed-in users of the mobile app get this role from the identity pool.
resource "aws_cognito_identity_pool" "app" {
  identity_pool_name               = "mobile_app"
  allow_unauthenticated_identities = false
}

data "aws_iam_policy_document" "authenticated" {
  statement {
    effect  = "Allow"
    actions = ["sts:AssumeRoleWithWebIdentity"]

    principals {
      type        = "Federated"
      identifiers = ["cognito-identity.amazonaws.com"]
    }

    condition {
      test     = "StringEquals"
      variable = "cognito-identity.amazonaws.com:aud"
      values   = [aws_cognito_identity_pool.app.id]
    }

    condition {
      test     = "ForAnyValue:StringLike"
      variable = "cognito-identity.amazonaws.com:amr"
      values   = ["authenticated"]
    }

    condition {
      test     = "StringEquals"
      variable = "cognito-identity.amazonaws.com:sub"
      values   = ["us-east-1:*"]
    }
  }
}

resource "aws_iam_role" "app_users" {
  name               = "mobile-app-authenticated"
  assume_role_policy = data.aws_iam_policy_document.authenticated.json
}
