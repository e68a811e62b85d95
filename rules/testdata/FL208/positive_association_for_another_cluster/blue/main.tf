resource "aws_eks_cluster" "blue" {
  name     = "payments-blue"
  role_arn = "arn:aws:iam::123456789012:role/payments-cluster"
  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d4e5f60001", "subnet-0a1b2c3d4e5f60002"]
  }
}

resource "aws_iam_role" "exporter" {
  name = "payments-blue-exporter"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

# The blue cluster was never given its association; green's does not
# reach it.
resource "kubernetes_service_account_v1" "exporter" {
  metadata {
    name      = "exporter"
    namespace = "metrics"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_role.exporter.arn # want FL208 `kubernetes_service_account_v1.exporter is bound to IAM role "payments-blue-exporter"`
    }
  }
}
