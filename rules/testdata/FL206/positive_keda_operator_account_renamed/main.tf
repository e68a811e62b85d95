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

# The association names the account KEDA's chart gives its operator by
# default; the release renames it, so the operator gets no credentials.
resource "aws_eks_pod_identity_association" "keda" {
  cluster_name    = "trondheim"
  namespace       = "keda"
  service_account = "keda-operator" # want FL206 `binds IAM role "trondheim-keda" \(aws_iam_role.autoscaling\) to service account keda/keda-operator, but nothing in namespace keda runs as "keda-operator"`
  role_arn        = aws_iam_role.autoscaling.arn
}

resource "helm_release" "keda" {
  name       = "keda"
  repository = "https://kedacore.github.io/charts"
  chart      = "keda"
  version    = "2.17.0"
  namespace  = "keda"

  set {
    name  = "serviceAccount.operator.name"
    value = "event-scaler"
  }
}
