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

# Older GPU nodes joined by their own bootstrap script, which sets their
# labels and taints.
resource "aws_launch_template" "encode_legacy" {
  name_prefix   = "media-encode-legacy-"
  image_id      = "ami-0e1d2c3b4a5f60718"
  instance_type = "g4dn.2xlarge"
  user_data     = base64encode(file("${path.module}/join.sh"))
  iam_instance_profile {
    name = "media-encode-nodes"
  }
}

resource "aws_autoscaling_group" "encode_legacy" {
  name                = "media-encode-legacy"
  min_size            = 0
  max_size            = 2
  vpc_zone_identifier = ["subnet-0c1"]

  launch_template {
    id      = aws_launch_template.encode_legacy.id
    version = "$Latest"
  }

  tag {
    key                 = "kubernetes.io/cluster/media"
    value               = "owned"
    propagate_at_launch = true
  }
}
