# The telemetry chart is a thin wrapper: its dependency, the collector
# chart, is fetched by `helm dependency build` in CI and not committed.
# The collector creates and runs as otel-collector; the tree does not show
# it, so the association's account is not provably absent.
resource "kubernetes_namespace_v1" "telemetry" {
  metadata {
    name = "telemetry"
  }
}

resource "helm_release" "telemetry" {
  name      = "telemetry"
  namespace = kubernetes_namespace_v1.telemetry.metadata[0].name
  chart     = "${path.module}/charts/telemetry"
}

resource "aws_iam_role" "collector" {
  name = "otel-collector"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

resource "aws_eks_pod_identity_association" "collector" {
  cluster_name    = "core"
  namespace       = "telemetry"
  service_account = "otel-collector"
  role_arn        = aws_iam_role.collector.arn
}
