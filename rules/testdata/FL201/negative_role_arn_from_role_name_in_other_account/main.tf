# This root applies in account 111122223333. The annotation names, in
# the shared-services account, the role this root's name_prefix role is
# mirrored as: a role of another account, not this one, so this role's
# trust says nothing of the account's binding.
provider "aws" {
  region              = "eu-west-1"
  allowed_account_ids = ["111122223333"]
}

resource "aws_iam_openid_connect_provider" "eks" {
  url             = "https://oidc.eks.eu-west-1.amazonaws.com/id/1A2B3C4D5E6F7A8B9C0D1E2F3A4B5C6D"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

resource "aws_iam_role" "reporter" {
  name_prefix = "cost-reporter-"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.eks.arn }
      Condition = {
        StringEquals = {
          "oidc.eks.eu-west-1.amazonaws.com/id/1A2B3C4D5E6F7A8B9C0D1E2F3A4B5C6D:sub" = "system:serviceaccount:finops:cost-reporter"
          "oidc.eks.eu-west-1.amazonaws.com/id/1A2B3C4D5E6F7A8B9C0D1E2F3A4B5C6D:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "kubernetes_service_account_v1" "reporter" {
  metadata {
    name      = "cost-reporter"
    namespace = "reporting"
    annotations = {
      "eks.amazonaws.com/role-arn" = "arn:aws:iam::444455556666:role/${aws_iam_role.reporter.name}"
    }
  }
}
