# The role's trust names the account of the platform namespace the store
# authenticates as; the operator, installed in "secrets", carries the
# role's annotation too.
resource "aws_iam_role" "store" {
  name = "oslo-store"
  assume_role_policy = jsonencode({ # want FL201:notice `allows system:serviceaccount:platform:external-secrets; the service account runs as secrets:external-secrets`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::456789012345:oidc-provider/oidc.eks.eu-north-1.amazonaws.com/id/0A1B2C3D4E5F60718293A4B5C6D7E8F9" }
      Condition = {
        StringEquals = {
          "oidc.eks.eu-north-1.amazonaws.com/id/0A1B2C3D4E5F60718293A4B5C6D7E8F9:sub" = "system:serviceaccount:platform:external-secrets"
          "oidc.eks.eu-north-1.amazonaws.com/id/0A1B2C3D4E5F60718293A4B5C6D7E8F9:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "helm_release" "eso" {
  name       = "external-secrets"
  repository = "https://charts.external-secrets.io"
  chart      = "external-secrets"
  version    = "0.9.20"
  namespace  = "secrets"
  values = [yamlencode({
    serviceAccount = {
      annotations = { "eks.amazonaws.com/role-arn" = aws_iam_role.store.arn }
    }
  })]
}

resource "kubernetes_service_account_v1" "store" {
  metadata {
    name        = "external-secrets"
    namespace   = "platform"
    annotations = { "eks.amazonaws.com/role-arn" = aws_iam_role.store.arn }
  }
}

# The only store authenticates as platform/external-secrets, which the
# trust allows: no store of the tree uses the operator's own role.
resource "kubernetes_manifest" "store" {
  manifest = {
    apiVersion = "external-secrets.io/v1beta1"
    kind       = "SecretStore"
    metadata   = { name = "platform", namespace = "platform" }
    spec = {
      provider = {
        aws = {
          service = "SecretsManager"
          region  = "eu-north-1"
          auth    = { jwt = { serviceAccountRef = { name = "external-secrets" } } }
        }
      }
    }
  }
}
