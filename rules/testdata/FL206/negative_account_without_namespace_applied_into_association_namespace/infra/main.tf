resource "aws_eks_cluster" "finops" {
  name     = "finops"
  role_arn = "arn:aws:iam::210987654321:role/finops-cluster"
  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d4e5f60718", "subnet-0b2c3d4e5f6071829"]
  }
}

resource "aws_iam_role" "exporter" {
  name = "finops-cost-exporter"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = ["sts:AssumeRole", "sts:TagSession"]
      Principal = { Service = "pods.eks.amazonaws.com" }
    }]
  })
}

resource "aws_eks_pod_identity_association" "exporter" {
  cluster_name    = aws_eks_cluster.finops.name
  namespace       = "finops"
  service_account = "cost-exporter"
  role_arn        = aws_iam_role.exporter.arn
}
