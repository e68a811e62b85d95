# The platform root runs one managed group for system pods; the GPU pool
# chart is installed only when a team asks for pools, and none does yet.
resource "aws_eks_cluster" "ml" {
  name     = "ml-platform"
  role_arn = "arn:aws:iam::607182934455:role/ml-control-plane"
  vpc_config {
    subnet_ids = ["subnet-03c4d5e6f7a8b9c01", "subnet-03c4d5e6f7a8b9c02"]
  }
}

resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.ml.name
  node_group_name = "system"
  node_role_arn   = "arn:aws:iam::607182934455:role/ml-system-nodes"
  subnet_ids      = ["subnet-03c4d5e6f7a8b9c01", "subnet-03c4d5e6f7a8b9c02"]
  instance_types  = ["m6i.large"]
  labels          = { pool = "system" }
  scaling_config {
    desired_size = 2
    min_size     = 2
    max_size     = 3
  }
}

module "karpenter_pools" {
  source = "./modules/karpenter-pools"
}
