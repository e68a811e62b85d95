# The helm provider runs `helm dependency update` before installing
# (dependency_update): worker-base is packed from its directory here, and
# with it the only service account the release creates.
resource "kubernetes_namespace_v1" "ledger" {
  metadata {
    name = "ledger"
  }
}

resource "helm_release" "ledger" {
  name              = "ledger"
  namespace         = kubernetes_namespace_v1.ledger.metadata[0].name
  chart             = "${path.module}/charts/ledger"
  dependency_update = true
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
  service_account = "ledger-sync" # want FL206 `nothing in namespace ledger runs as "ledger-sync" \(accounts there: "ledger-worker"\)`
  role_arn        = aws_iam_role.ledger.arn
}
