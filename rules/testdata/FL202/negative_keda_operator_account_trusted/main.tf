# KEDA's operator reads SQS queue lengths with this role; the trust
# names the account the chart gives the operator, with the role in the
# annotations of the top-level serviceAccount block.
resource "aws_iam_role" "keda" {
  name = "bergen-keda-operator"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::678901234567:oidc-provider/oidc.eks.eu-north-1.amazonaws.com/id/5E6F7A8B9C0D1E2F3A4B5C6D7E8F9A0B" }
      Condition = {
        StringEquals = {
          "oidc.eks.eu-north-1.amazonaws.com/id/5E6F7A8B9C0D1E2F3A4B5C6D7E8F9A0B:sub" = "system:serviceaccount:keda:keda-operator"
          "oidc.eks.eu-north-1.amazonaws.com/id/5E6F7A8B9C0D1E2F3A4B5C6D7E8F9A0B:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

# The operator's own annotations are empty by default: the chart writes
# those of serviceAccount.annotations in their place.
resource "helm_release" "keda" {
  name             = "keda"
  repository       = "https://kedacore.github.io/charts"
  chart            = "keda"
  version          = "2.16.1"
  namespace        = "keda"
  create_namespace = true

  values = [yamlencode({
    serviceAccount = {
      annotations = { "eks.amazonaws.com/role-arn" = aws_iam_role.keda.arn }
    }
  })]
}
