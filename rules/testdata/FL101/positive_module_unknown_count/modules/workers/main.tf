variable "cluster" { type = string }
variable "role_arn" { type = string }
variable "subnet_id" { type = string }

resource "aws_eks_node_group" "this" {
  cluster_name    = var.cluster
  node_group_name = "${var.cluster}-legacy"
  node_role_arn   = var.role_arn
  subnet_ids      = [var.subnet_id]

  scaling_config {
    desired_size = 1
    max_size     = 3
    min_size     = 1
  }
}

output "group_name" {
  value = aws_eks_node_group.this.node_group_name
}
