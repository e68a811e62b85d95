terraform {
  backend "s3" {
    bucket = "harbor-terraform-state"
    key    = "cluster/terraform.tfstate"
    region = "eu-central-1"
  }
}

provider "aws" {
  region = "eu-central-1"
}

resource "aws_eks_cluster" "main" {
  name     = "harbor"
  role_arn = "arn:aws:iam::246813579024:role/harbor-cluster"
  vpc_config {
    subnet_ids = ["subnet-0a2b4c6d8e0f1a3b5", "subnet-0c4d6e8f0a2b4c6d7"]
  }
}

# No launch template: EKS attaches the cluster security group to its nodes.
resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.main.name
  node_group_name = "system"
  node_role_arn   = "arn:aws:iam::246813579024:role/harbor-system-nodes"
  subnet_ids      = ["subnet-0a2b4c6d8e0f1a3b5", "subnet-0c4d6e8f0a2b4c6d7"]
  scaling_config {
    desired_size = 2
    min_size     = 2
    max_size     = 3
  }
}

output "cluster_security_group_id" {
  value = aws_eks_cluster.main.vpc_config[0].cluster_security_group_id
}
