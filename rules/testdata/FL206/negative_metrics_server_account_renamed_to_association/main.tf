# An association for the account the metrics-server release runs as,
# named as the release's values rename it.
resource "aws_iam_role" "metrics" {
  name = "harbour-metrics"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = ["sts:AssumeRole", "sts:TagSession"]
      Principal = { Service = "pods.eks.amazonaws.com" }
    }]
  })
}

resource "aws_eks_pod_identity_association" "metrics" {
  cluster_name    = "harbour"
  namespace       = "kube-system"
  service_account = "resource-metrics"
  role_arn        = aws_iam_role.metrics.arn
}

resource "helm_release" "metrics_server" {
  name       = "metrics"
  repository = "https://kubernetes-sigs.github.io/metrics-server/"
  chart      = "metrics-server"
  version    = "3.12.1"
  namespace  = "kube-system"

  values = [yamlencode({
    serviceAccount = { name = "resource-metrics" }
  })]
}
