# The cluster is made by the platform team's repository; only its node
# groups are declared here, so its whole capacity is not known.
variable "cluster_name" {
  type    = string
  default = "media"
}

# Transcoding nodes: kept for the encoder by a taint.
resource "aws_eks_node_group" "encode" {
  cluster_name    = var.cluster_name
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
