# The metrics store's chart is fetched at apply time and is not one whose
# accounts faultline knows: it may call its account "metrics-store" (many
# charts do not follow Helm's fullname convention), so nothing here proves
# the association wrong.
resource "kubernetes_namespace_v1" "monitoring" {
  metadata {
    name = "monitoring"
  }
}

resource "aws_iam_role" "metrics_store" {
  name = "metrics-store"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

resource "helm_release" "metrics" {
  name       = "metrics"
  namespace  = kubernetes_namespace_v1.monitoring.metadata[0].name
  repository = "https://charts.example.org/observability"
  chart      = "metrics-store-distributed"
  version    = "3.2.0"
}

resource "aws_eks_pod_identity_association" "metrics_store" {
  cluster_name    = "observability"
  namespace       = "monitoring"
  service_account = "metrics-store"
  role_arn        = aws_iam_role.metrics_store.arn
}
