# Node roles per team, from the caller's values; the batch node group runs
# as the first team's role.
variable "teams" {
  type = set(string)
}

resource "aws_iam_role" "team" {
  count              = length(var.teams)
  name               = "team-${count.index}-nodes"
  assume_role_policy = "{}"
}

resource "aws_eks_node_group" "batch" {
  cluster_name    = "prod"
  node_group_name = "batch"
  node_role_arn   = aws_iam_role.team[0].arn
  subnet_ids      = ["subnet-0a1b2c3d4e5f60001"]

  scaling_config {
    desired_size = 1
    max_size     = 2
    min_size     = 1
  }
}
