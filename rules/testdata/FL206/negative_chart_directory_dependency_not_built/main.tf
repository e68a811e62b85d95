# Without dependency_update the helm provider installs the chart as it is
# in the directory, and worker-base is not in its charts/: what the
# release creates is not all known, so the association's account is not
# provably missing.
resource "kubernetes_namespace_v1" "ledger" {
  metadata {
    name = "ledger"
  }
}

resource "helm_release" "ledger" {
  name      = "ledger"
  namespace = kubernetes_namespace_v1.ledger.metadata[0].name
  chart     = "${path.module}/charts/ledger"
}

resource "aws_iam_role" "ledger" {
  name = "ledger-sync"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

resource "aws_eks_pod_identity_association" "ledger" {
  cluster_name    = "core"
  namespace       = "ledger"
  service_account = "ledger-sync"
  role_arn        = aws_iam_role.ledger.arn
}
