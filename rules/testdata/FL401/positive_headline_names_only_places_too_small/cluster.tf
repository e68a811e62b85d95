resource "aws_eks_cluster" "main" {
  name     = "atlas"
  role_arn = "arn:aws:iam::314159265358:role/atlas-cluster"
  vpc_config {
    subnet_ids = ["subnet-0f0e0d0c0b0a09080", "subnet-0a0b0c0d0e0f10111"]
  }
}

# GPU capacity lives in this node group; the training job does not select it.
resource "aws_eks_node_group" "gpu" {
  cluster_name    = aws_eks_cluster.main.name
  node_group_name = "gpu"
  node_role_arn   = "arn:aws:iam::314159265358:role/atlas-nodes"
  subnet_ids      = ["subnet-0f0e0d0c0b0a09080", "subnet-0a0b0c0d0e0f10111"]
  instance_types  = ["g5.xlarge"]
  scaling_config {
    desired_size = 1
    min_size     = 0
    max_size     = 4
  }
}
