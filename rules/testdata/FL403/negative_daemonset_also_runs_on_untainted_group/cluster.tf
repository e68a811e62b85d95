resource "aws_eks_cluster" "media" {
  name     = "media"
  role_arn = "arn:aws:iam::444455556666:role/media-cluster"

  vpc_config {
    subnet_ids = ["subnet-0c1", "subnet-0c2"]
  }
}

resource "aws_eks_node_group" "web" {
  cluster_name    = aws_eks_cluster.media.name
  node_group_name = "web"
  node_role_arn   = "arn:aws:iam::444455556666:role/media-nodes"
  subnet_ids      = ["subnet-0c1", "subnet-0c2"]
  instance_types  = ["m6i.xlarge"]

  scaling_config {
    min_size     = 2
    max_size     = 6
    desired_size = 2
  }
}

# Transcoding nodes: kept for the encoder by a taint.
resource "aws_eks_node_group" "encode" {
  cluster_name    = aws_eks_cluster.media.name
  node_group_name = "encode"
  node_role_arn   = "arn:aws:iam::444455556666:role/media-nodes"
  subnet_ids      = ["subnet-0c1"]
  ami_type        = "AL2023_x86_64_NVIDIA"
  instance_types  = ["g5.2xlarge"]

  labels = {
    workload = "encode"
  }

  taint {
    key    = "nvidia.com/gpu"
    value  = "present"
    effect = "NO_SCHEDULE"
  }

  scaling_config {
    min_size     = 0
    max_size     = 4
    desired_size = 1
  }
}
