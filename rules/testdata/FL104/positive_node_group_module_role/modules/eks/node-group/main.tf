variable "cluster_name" {
  type = string
}

variable "name" {
  type = string
}

variable "create_iam_role" {
  type    = bool
  default = true
}

resource "aws_iam_role" "this" {
  count = var.create_iam_role ? 1 : 0

  name = "${var.cluster_name}-${var.name}-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

resource "aws_eks_node_group" "this" {
  cluster_name    = var.cluster_name
  node_group_name = var.name
  node_role_arn   = aws_iam_role.this[0].arn
  subnet_ids      = ["subnet-0a10", "subnet-0a11"]

  scaling_config {
    min_size     = 1
    max_size     = 3
    desired_size = 2
  }
}

output "iam_role_name" {
  value = try(aws_iam_role.this[0].name, null)
}
