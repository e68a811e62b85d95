# The system node group is retired in this change; a spare managed group
# on the same role exists only where the environment enables it. Prod's
# values (env/prod.tfvars, passed by CI) leave it off, so the plan deletes
# the last managed group that keeps the role's node access.
variable "spare_enabled" {
  type = bool
}

resource "aws_iam_role" "nodes" {
  name = "prod-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Action    = "sts:AssumeRole"
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

resource "aws_eks_node_group" "spare" {
  count           = var.spare_enabled ? 1 : 0
  cluster_name    = "prod"
  node_group_name = "spare"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = ["subnet-0a1b2c3d4e5f60001"]

  scaling_config {
    desired_size = 1
    max_size     = 2
    min_size     = 1
  }
}
