# The platform root makes the cluster and nothing else.
resource "aws_iam_role" "cluster" {
  name = "billing-cluster"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "eks.amazonaws.com" } }]
  })
}

resource "aws_eks_cluster" "billing" {
  name     = "billing"
  role_arn = aws_iam_role.cluster.arn

  vpc_config {
    subnet_ids = ["subnet-0a9b8c7d6e5f40312", "subnet-0b8c7d6e5f4031221"]
  }
}
