provider "aws" {
  region = "us-east-1"
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 20.0"

  cluster_name    = "prod"
  cluster_version = "1.30"
}

resource "aws_iam_role" "reporting" {
  name = "prod-reporting"

  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

# The reporting team deploys its namespace from its own repository: nothing
# in this tree declares it, so nothing is reported (unresolved coverage).
resource "aws_eks_pod_identity_association" "reporting" {
  cluster_name    = module.eks.cluster_name
  namespace       = "reporting"
  service_account = "report-exporter"
  role_arn        = aws_iam_role.reporting.arn
}
