resource "aws_eks_cluster" "render" {
  name     = "render"
  role_arn = "arn:aws:iam::246813579024:role/render-cluster"

  vpc_config {
    subnet_ids = ["subnet-0c1c2c3c4c5c6c7c8", "subnet-0d1d2d3d4d5d6d7d8"]
  }
}

# The only node group: its nodes evict whatever does not tolerate the
# taint for good.
resource "aws_eks_node_group" "gpu" {
  cluster_name    = aws_eks_cluster.render.name
  node_group_name = "gpu"
  node_role_arn   = "arn:aws:iam::246813579024:role/render-nodes"
  subnet_ids      = ["subnet-0c1c2c3c4c5c6c7c8", "subnet-0d1d2d3d4d5d6d7d8"]
  instance_types  = ["g5.xlarge"]

  taint {
    key    = "workload"
    value  = "render"
    effect = "NO_EXECUTE"
  }

  scaling_config {
    min_size     = 1
    max_size     = 4
    desired_size = 1
  }
}
