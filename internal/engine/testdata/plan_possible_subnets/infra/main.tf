# Private subnets, one per zone the caller passes; a node group launches in
# them.
variable "azs" {
  type = list(string)
}

resource "aws_subnet" "private" {
  count             = length(var.azs)
  vpc_id            = "vpc-0a1b2c3d4e5f60001"
  cidr_block        = cidrsubnet("10.0.0.0/16", 8, count.index)
  availability_zone = var.azs[count.index]
}

resource "aws_eks_node_group" "batch" {
  cluster_name    = "prod"
  node_group_name = "batch"
  node_role_arn   = "arn:aws:iam::111122223333:role/batch-nodes"
  subnet_ids      = aws_subnet.private[*].id

  scaling_config {
    desired_size = 1
    max_size     = 2
    min_size     = 1
  }
}
