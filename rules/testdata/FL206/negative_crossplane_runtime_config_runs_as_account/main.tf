resource "aws_eks_cluster" "forge" {
  name     = "forge"
  role_arn = "arn:aws:iam::404040404040:role/forge-cluster"

  vpc_config {
    subnet_ids = ["subnet-0c1d2e3f4a5b6c7d8", "subnet-0d2e3f4a5b6c7d8e9"]
  }
}

resource "kubernetes_namespace_v1" "crossplane" {
  metadata {
    name = "crossplane-system"
  }
}

resource "aws_iam_role" "s3_provider" {
  name = "forge-crossplane-s3"

  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

resource "aws_eks_pod_identity_association" "s3_provider" {
  cluster_name    = aws_eks_cluster.forge.name
  namespace       = "crossplane-system"
  service_account = "crossplane-s3"
  role_arn        = aws_iam_role.s3_provider.arn
}
