# The general group's stage label takes its value from the environment's
# var file; the GPU probe selects a label no group here carries, so it is
# pinned to capacity declared elsewhere and not judged against this group.
variable "stage" {
  type = string
}

resource "aws_eks_cluster" "lab" {
  name     = "lab"
  role_arn = "arn:aws:iam::575757575757:role/lab-cluster"
  vpc_config {
    subnet_ids = ["subnet-0e5e5e5e5e5e5e5e1", "subnet-0e5e5e5e5e5e5e5e2"]
  }
}

resource "aws_eks_node_group" "general" {
  cluster_name    = aws_eks_cluster.lab.name
  node_group_name = "general"
  node_role_arn   = "arn:aws:iam::575757575757:role/lab-nodes"
  subnet_ids      = ["subnet-0e5e5e5e5e5e5e5e1", "subnet-0e5e5e5e5e5e5e5e2"]
  instance_types  = ["m6i.large"]
  labels = {
    pool  = "general"
    stage = var.stage
  }
  scaling_config {
    desired_size = 2
    max_size     = 4
    min_size     = 1
  }
}
