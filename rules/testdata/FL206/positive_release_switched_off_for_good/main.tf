resource "kubernetes_namespace_v1" "platform" {
  metadata {
    name = "platform"
  }
}

resource "kubernetes_service_account_v1" "backup_agent" {
  metadata {
    name      = "backup-agent"
    namespace = kubernetes_namespace_v1.platform.metadata[0].name
  }
}

resource "aws_iam_role" "image_updater" {
  name = "shipyard-image-updater"

  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

# Turned off for good (no variable decides it): no configuration installs
# the chart, so nothing in platform runs as the association's account.
resource "helm_release" "image_updater" {
  count = 0

  name       = "image-updater"
  repository = "https://charts.example.org/platform"
  chart      = "image-updater"
  version    = "2.3.1"
  namespace  = "platform"
}

resource "aws_eks_pod_identity_association" "image_updater" {
  cluster_name    = "shipyard"
  namespace       = "platform"
  service_account = "image-updater" # want FL206:error `nothing in namespace platform runs as "image-updater"`
  role_arn        = aws_iam_role.image_updater.arn
}
