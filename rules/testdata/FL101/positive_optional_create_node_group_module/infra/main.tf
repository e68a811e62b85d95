provider "aws" {
  region = "eu-central-1"
}

# The cluster module hands its endpoint to the kubernetes provider, as
# most stacks do.
provider "kubernetes" {
  host = module.eks.endpoint
}

resource "aws_iam_role" "nodes" {
  name = "orders-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

module "eks" {
  source = "../modules/eks"

  name = "orders"
  managed_node_groups = {
    default = {
      role_arn = aws_iam_role.nodes.arn
    }
    gpu = {
      create   = false
      role_arn = aws_iam_role.nodes.arn
    }
  }
}
