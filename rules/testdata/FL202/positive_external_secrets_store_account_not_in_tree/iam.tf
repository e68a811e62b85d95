# The role External Secrets reads Secrets Manager with; its trust names
# the account the chart was expected to make.
resource "aws_iam_role" "secrets_reader" {
  name = "lisbon-secrets-reader"
  assume_role_policy = jsonencode({ # want FL202:error `allows system:serviceaccount:secrets:external-secrets; the service account bound to it is secrets:platform-external-secrets`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::345678901234:oidc-provider/oidc.eks.eu-south-1.amazonaws.com/id/77AA66BB55CC44DD33EE22FF11009988" }
      Condition = {
        StringEquals = {
          "oidc.eks.eu-south-1.amazonaws.com/id/77AA66BB55CC44DD33EE22FF11009988:sub" = "system:serviceaccount:secrets:external-secrets"
          "oidc.eks.eu-south-1.amazonaws.com/id/77AA66BB55CC44DD33EE22FF11009988:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

# The release is named platform-external-secrets, so the chart names its
# account so too.
resource "helm_release" "external_secrets" {
  name             = "platform-external-secrets"
  repository       = "https://charts.external-secrets.io"
  chart            = "external-secrets"
  version          = "0.10.7"
  namespace        = "secrets"
  create_namespace = true

  set {
    name  = "serviceAccount.annotations.eks\\.amazonaws\\.com/role-arn"
    value = aws_iam_role.secrets_reader.arn
  }
}
