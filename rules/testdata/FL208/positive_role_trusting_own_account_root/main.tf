data "aws_caller_identity" "this" {}

# An operator role for people of this account (sts:AssumeRole from the
# account's root): no OIDC provider is trusted, so a pod bound to it gets
# no web identity credentials.
resource "aws_iam_role" "platform_admin" {
  name = "platform-admin"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { AWS = "arn:aws:iam::${data.aws_caller_identity.this.account_id}:root" }
    }]
  })
}

resource "kubernetes_service_account" "release_bot" {
  metadata {
    name      = "release-bot"
    namespace = "ci"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_role.platform_admin.arn # want FL208 `kubernetes_service_account.release_bot is bound to IAM role "platform-admin" \(aws_iam_role.platform_admin\), whose trust does not allow sts:AssumeRoleWithWebIdentity from any OIDC provider`
    }
  }
}
