# This configuration creates the exporter's namespace and nothing runs in
# it as "cost-exporter": the association is wrong on its own cluster. The
# search root's account of that name, in another namespace of another
# cluster, says nothing about where it runs here.
provider "aws" {
  region = "eu-west-1"
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 20.0"

  cluster_name    = "payments"
  cluster_version = "1.30"
}

resource "kubernetes_namespace_v1" "finops" {
  metadata {
    name = "finops"
  }
}

resource "aws_iam_role" "bad_cost_exporter" {
  name = "payments-cost-exporter"

  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

resource "aws_eks_pod_identity_association" "bad_cost_exporter" {
  cluster_name    = module.eks.cluster_name
  namespace       = "finops"
  service_account = "cost-exporter" # want FL206:error `nothing in namespace finops runs as "cost-exporter"$`
  role_arn        = aws_iam_role.bad_cost_exporter.arn
}
