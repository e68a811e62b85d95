# KEDA's operator reads SQS queue lengths with this role. The trust was
# written for the release's name; the chart names the operator's account
# keda-operator.
resource "aws_iam_role" "keda" {
  name = "bergen-keda-operator"
  assume_role_policy = jsonencode({ # want FL202 `allows system:serviceaccount:keda:keda; the service account bound to it is keda:keda-operator`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::678901234567:oidc-provider/oidc.eks.eu-north-1.amazonaws.com/id/5E6F7A8B9C0D1E2F3A4B5C6D7E8F9A0B" }
      Condition = {
        StringEquals = {
          "oidc.eks.eu-north-1.amazonaws.com/id/5E6F7A8B9C0D1E2F3A4B5C6D7E8F9A0B:sub" = "system:serviceaccount:keda:keda"
          "oidc.eks.eu-north-1.amazonaws.com/id/5E6F7A8B9C0D1E2F3A4B5C6D7E8F9A0B:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

# The chart writes podIdentity.aws.irsa.roleArn as the operator account's
# role-arn annotation when IRSA is enabled.
resource "helm_release" "keda" {
  name             = "keda"
  repository       = "https://kedacore.github.io/charts"
  chart            = "keda"
  version          = "2.16.1"
  namespace        = "keda"
  create_namespace = true

  values = [yamlencode({
    podIdentity = {
      aws = {
        irsa = {
          enabled = true
          roleArn = aws_iam_role.keda.arn
        }
      }
    }
  })]
}
