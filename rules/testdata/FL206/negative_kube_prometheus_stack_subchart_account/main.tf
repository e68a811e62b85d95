# kube-prometheus-stack installs Grafana as a subchart, which runs as
# "<release>-grafana" by default: the association names it. faultline
# knows the chart's Prometheus and Alertmanager accounts only, so the
# others in the namespace are not provably absent.
resource "kubernetes_namespace_v1" "observability" {
  metadata {
    name = "observability"
  }
}

resource "helm_release" "metrics" {
  name       = "metrics"
  namespace  = kubernetes_namespace_v1.observability.metadata[0].name
  repository = "https://prometheus-community.github.io/helm-charts"
  chart      = "kube-prometheus-stack"
  version    = "61.3.2"
}

resource "aws_iam_role" "dashboards" {
  name = "grafana-cloudwatch-reader"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

resource "aws_eks_pod_identity_association" "dashboards" {
  cluster_name    = "observability-prod"
  namespace       = "observability"
  service_account = "metrics-grafana"
  role_arn        = aws_iam_role.dashboards.arn
}
