# The node groups come from the environment's variables file, which the
# pipeline passes with -var-file.
variable "node_groups" {
  type = map(object({
    instance_types = list(string)
    size           = number
  }))
  default = {}
}

resource "aws_iam_role" "nodes" {
  name = "mint-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

resource "aws_eks_cluster" "mint" {
  name     = "mint"
  role_arn = "arn:aws:iam::161803398874:role/mint-cluster"
  vpc_config {
    subnet_ids = ["subnet-0a5b6c7d8e9f01234", "subnet-0b6c7d8e9f0123456"]
  }
}

resource "aws_eks_node_group" "pool" {
  for_each        = var.node_groups
  cluster_name    = aws_eks_cluster.mint.name
  node_group_name = each.key
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = ["subnet-0a5b6c7d8e9f01234", "subnet-0b6c7d8e9f0123456"]
  instance_types  = each.value.instance_types

  scaling_config {
    desired_size = each.value.size
    min_size     = each.value.size
    max_size     = each.value.size
  }
}
