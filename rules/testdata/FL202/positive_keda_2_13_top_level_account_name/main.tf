# KEDA before chart 2.14 names the operator's account from the top-level
# serviceAccount block: here "autoscaler", which the trust does not name.
resource "aws_iam_role" "keda" {
  name = "bergen-keda-operator"
  assume_role_policy = jsonencode({ # want FL202 `allows system:serviceaccount:keda:keda-operator; the service account bound to it is keda:autoscaler`
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

resource "helm_release" "keda" {
  name             = "keda"
  repository       = "https://kedacore.github.io/charts"
  chart            = "keda"
  version          = "2.13.2"
  namespace        = "keda"
  create_namespace = true

  values = [yamlencode({
    serviceAccount = {
      name        = "autoscaler"
      annotations = { "eks.amazonaws.com/role-arn" = aws_iam_role.keda.arn }
    }
  })]
}
