variable "cluster_name" {
  type = string
}

variable "node_role_name" {
  type = string
}

resource "aws_iam_role" "nodes" {
  name = var.node_role_name
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
  tags = { Cluster = var.cluster_name }
}
