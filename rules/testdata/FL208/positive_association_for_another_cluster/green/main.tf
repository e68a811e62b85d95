resource "aws_eks_cluster" "green" {
  name     = "payments-green"
  role_arn = "arn:aws:iam::123456789012:role/payments-cluster"
  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d4e5f60003", "subnet-0a1b2c3d4e5f60004"]
  }
}

resource "aws_iam_role" "exporter" {
  name = "payments-green-exporter"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

resource "aws_eks_pod_identity_association" "exporter" {
  cluster_name    = aws_eks_cluster.green.name
  namespace       = "metrics"
  service_account = "exporter"
  role_arn        = aws_iam_role.exporter.arn
}
