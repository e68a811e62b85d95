resource "aws_iam_role" "store" {
  name = "porto-store"
  assume_role_policy = jsonencode({ # want FL202:notice `allows system:serviceaccount:secrets:store; the service account bound to it is secrets:eso-operator`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::567890123456:oidc-provider/oidc.eks.eu-west-3.amazonaws.com/id/1F2E3D4C5B6A79880716253443526170" }
      Condition = {
        StringEquals = {
          "oidc.eks.eu-west-3.amazonaws.com/id/1F2E3D4C5B6A79880716253443526170:sub" = "system:serviceaccount:secrets:store"
          "oidc.eks.eu-west-3.amazonaws.com/id/1F2E3D4C5B6A79880716253443526170:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

# The vendored chart's operator account carries the role; the store
# authenticates as its own account, which the trust allows.
resource "helm_release" "eso" {
  name      = "eso"
  chart     = "${path.module}/charts/external-secrets"
  namespace = "secrets"
  set {
    name  = "roleArn"
    value = aws_iam_role.store.arn
  }
}

resource "kubernetes_service_account_v1" "store" {
  metadata {
    name        = "store"
    namespace   = "secrets"
    annotations = { "eks.amazonaws.com/role-arn" = aws_iam_role.store.arn }
  }
}

resource "kubernetes_manifest" "store" {
  manifest = {
    apiVersion = "external-secrets.io/v1"
    kind       = "SecretStore"
    metadata   = { name = "app", namespace = "secrets" }
    spec = {
      provider = {
        aws = {
          service = "SecretsManager"
          region  = "eu-west-3"
          auth    = { jwt = { serviceAccountRef = { name = "store" } } }
        }
      }
    }
  }
}
