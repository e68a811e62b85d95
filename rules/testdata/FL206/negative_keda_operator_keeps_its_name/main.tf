resource "aws_iam_role" "autoscaling" {
  name = "trondheim-keda"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = ["sts:AssumeRole", "sts:TagSession"]
      Principal = { Service = "pods.eks.amazonaws.com" }
    }]
  })
}

# From chart 2.14 the operator's name is serviceAccount.operator.name,
# "keda-operator" by default: the top-level serviceAccount.name the
# release sets (read by charts before 2.14) no longer renames it.
resource "aws_eks_pod_identity_association" "keda" {
  cluster_name    = "trondheim"
  namespace       = "keda"
  service_account = "keda-operator"
  role_arn        = aws_iam_role.autoscaling.arn
}

resource "helm_release" "keda" {
  name       = "keda"
  repository = "https://kedacore.github.io/charts"
  chart      = "keda"
  version    = "2.17.0"
  namespace  = "keda"

  set {
    name  = "serviceAccount.name"
    value = "event-scaler"
  }
}
