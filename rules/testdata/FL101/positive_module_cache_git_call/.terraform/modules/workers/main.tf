variable "cluster_name" {
  type = string
}

variable "groups" {
  type    = list(string)
  default = ["default"]
}

resource "aws_iam_role" "node" {
  name = "${var.cluster_name}-workers"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

resource "aws_eks_node_group" "group" {
  for_each = toset(var.groups)

  cluster_name    = var.cluster_name
  node_group_name = "${var.cluster_name}-${each.key}"
  node_role_arn   = aws_iam_role.node.arn
  subnet_ids      = ["subnet-77aa", "subnet-88bb"]

  scaling_config {
    desired_size = 1
    min_size     = 1
    max_size     = 3
  }
}

output "node_role_name" {
  value = aws_iam_role.node.name
}
