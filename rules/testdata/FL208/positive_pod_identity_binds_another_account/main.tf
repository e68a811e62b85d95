resource "aws_eks_cluster" "main" {
  name     = "ledger"
  role_arn = "arn:aws:iam::123456789012:role/ledger-cluster"
  vpc_config {
    subnet_ids = ["subnet-0123456789abcdef0", "subnet-0fedcba9876543210"]
  }
}

resource "aws_iam_role" "exporter" {
  name = "ledger-exporter"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

# The association binds the new account; the old one keeps its annotation,
# and its pods get a web identity token the role does not accept.
resource "aws_eks_pod_identity_association" "exporter" {
  cluster_name    = aws_eks_cluster.main.name
  namespace       = "metrics"
  service_account = "exporter-v2"
  role_arn        = aws_iam_role.exporter.arn
}

resource "kubernetes_service_account_v1" "exporter" {
  metadata {
    name      = "exporter"
    namespace = "metrics"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_role.exporter.arn # want FL208 `kubernetes_service_account_v1.exporter is bound to IAM role "ledger-exporter"`
    }
  }
}

resource "kubernetes_service_account_v1" "exporter_v2" {
  metadata {
    name      = "exporter-v2"
    namespace = "metrics"
  }
}
