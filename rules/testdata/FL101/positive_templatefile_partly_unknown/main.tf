variable "cluster_name" {
  type    = string
  default = "atlas"
}

# Filled in by the pipeline from the network stack's outputs.
variable "subnet_ids" {
  type = list(string)
}

resource "aws_iam_role" "nodes" {
  name = "atlas-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Principal = { Service = "ec2.amazonaws.com" }, Action = "sts:AssumeRole" }]
  })
}

resource "aws_eks_node_group" "core" {
  cluster_name    = var.cluster_name
  node_group_name = "core"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = var.subnet_ids
  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 2
  }
}

# The subnet list is unknown here, yet the rest of the rendered node class
# (its role) is known and read.
resource "kubectl_manifest" "nodeclass" {
  yaml_body = templatefile("${path.module}/templates/nodeclass.yaml", {
    role    = aws_iam_role.nodes.name
    cluster = var.cluster_name
    subnets = join(", ", var.subnet_ids)
  })
}
