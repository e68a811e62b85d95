provider "aws" {
  region = "eu-north-1"
}

data "aws_availability_zones" "available" {
  state = "available"
}

resource "aws_iam_role" "workers" {
  name = "ledger-workers"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_eks_cluster" "ledger" {
  name     = "ledger"
  role_arn = "arn:aws:iam::111122223333:role/ledger-cluster"

  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]
  }
}

# One group per zone, keyed by name; only the zones come from the data
# source, so the keys are known before apply.
locals {
  zonal_groups = {
    first  = { zone = data.aws_availability_zones.available.names[0] }
    second = { zone = data.aws_availability_zones.available.names[1] }
  }
}

resource "aws_eks_node_group" "zonal" {
  for_each = local.zonal_groups

  cluster_name    = aws_eks_cluster.ledger.name
  node_group_name = "ledger-${each.key}"
  node_role_arn   = aws_iam_role.workers.arn
  subnet_ids      = ["subnet-0a1b2c3d4e5f60718"]
  labels          = { "ledger/zone" = each.value.zone }

  scaling_config {
    desired_size = 1
    max_size     = 3
    min_size     = 1
  }
}
