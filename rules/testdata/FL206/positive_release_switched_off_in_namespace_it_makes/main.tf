variable "enable_reporting" {
  description = "Install the reporting stack (turned on per environment)."
  type        = bool
  default     = false
}

resource "aws_iam_role" "ledger" {
  name = "harbor-ledger"

  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

resource "kubernetes_namespace_v1" "finance" {
  metadata {
    name = "finance"
  }
}

resource "kubernetes_service_account_v1" "ledger" {
  metadata {
    name      = "ledger"
    namespace = kubernetes_namespace_v1.finance.metadata[0].name
  }
}

# Off by default, both of them: when on, the release goes into the
# namespace the resource beside it makes, "reporting".
resource "kubernetes_namespace_v1" "reporting" {
  count = var.enable_reporting ? 1 : 0

  metadata {
    name = "reporting"
  }
}

resource "helm_release" "reporting" {
  count = var.enable_reporting ? 1 : 0

  name       = "reporting"
  repository = "https://charts.example.org/finance"
  chart      = "reporting"
  version    = "0.9.4"
  namespace  = kubernetes_namespace_v1.reporting[0].metadata[0].name
}

resource "aws_eks_pod_identity_association" "ledger" {
  cluster_name    = "harbor"
  namespace       = "finance"
  service_account = "ledger-api" # want FL206:error `nothing in namespace finance runs as "ledger-api"`
  role_arn        = aws_iam_role.ledger.arn
}
