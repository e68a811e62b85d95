provider "aws" {
  region = "eu-west-1"
}

resource "aws_iam_role" "cluster" {
  name = "prod-cluster"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "eks.amazonaws.com" }
    }]
  })
}

resource "aws_eks_cluster" "prod" {
  name     = "prod"
  role_arn = aws_iam_role.cluster.arn

  vpc_config {
    subnet_ids = ["subnet-0a1", "subnet-0b2"]
  }
}

# No launch template: EKS gives these nodes the cluster security group.
resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.prod.name
  node_group_name = "system"
  node_role_arn   = "arn:aws:iam::111122223333:role/prod-system-nodes"
  subnet_ids      = ["subnet-0a1", "subnet-0b2"]
  instance_types  = ["m6i.large"]

  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 2
  }
}

# Helm values rendered into a file for a later `helm upgrade -f`: YAML, but
# no Kubernetes object, so nothing in it is applied to the cluster.
locals {
  karpenter_values = templatefile("${path.module}/templates/karpenter-values.yaml.tpl", {
    cluster_name = aws_eks_cluster.prod.name
  })
}

resource "local_file" "karpenter_values" {
  content  = local.karpenter_values
  filename = "${path.module}/generated/karpenter-values.yaml"
}
