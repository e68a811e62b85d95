# The stack in use: the same cluster name, no Fargate, so the reports run
# on EC2 nodes where Pod Identity works.
resource "aws_eks_cluster" "ledger" {
  name     = "ledger"
  role_arn = "arn:aws:iam::565656565656:role/ledger-cluster"
  vpc_config {
    subnet_ids = ["subnet-0b1b2b3b4b5b6b701", "subnet-0b1b2b3b4b5b6b702"]
  }
}

resource "aws_iam_role" "reporter" {
  name = "ledger-reporter"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

resource "aws_eks_pod_identity_association" "reporter" {
  cluster_name    = aws_eks_cluster.ledger.name
  namespace       = "reports"
  service_account = "reporter"
  role_arn        = aws_iam_role.reporter.arn
}
