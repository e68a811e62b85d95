# The role gets its name at apply (name_prefix); the service account's
# annotation writes the ARN from it. That ARN is this role, whatever name
# AWS gives it: the trust names namespace tracing, the account runs in
# observability.
data "aws_caller_identity" "this" {}

resource "aws_iam_openid_connect_provider" "eks" {
  url             = "https://oidc.eks.eu-central-1.amazonaws.com/id/5E6F7A8B9C0D1E2F3A4B5C6D7E8F9A0B"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

resource "aws_iam_role" "collector" {
  name_prefix = "otel-collector-"
  assume_role_policy = jsonencode({ # want FL201 `allows system:serviceaccount:tracing:otel-collector; the service account runs as observability:otel-collector`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.eks.arn }
      Condition = {
        StringEquals = {
          "oidc.eks.eu-central-1.amazonaws.com/id/5E6F7A8B9C0D1E2F3A4B5C6D7E8F9A0B:sub" = "system:serviceaccount:tracing:otel-collector"
          "oidc.eks.eu-central-1.amazonaws.com/id/5E6F7A8B9C0D1E2F3A4B5C6D7E8F9A0B:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "kubernetes_service_account_v1" "collector" {
  metadata {
    name      = "otel-collector"
    namespace = "observability"
    annotations = {
      "eks.amazonaws.com/role-arn" = "arn:aws:iam::${data.aws_caller_identity.this.account_id}:role/${aws_iam_role.collector.name}"
    }
  }
}
