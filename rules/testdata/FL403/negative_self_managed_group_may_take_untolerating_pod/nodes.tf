# The managed group is reserved for the ingress tier by a taint; the
# legacy Auto Scaling group's nodes join with whatever labels and taints
# their bootstrap script gives them.
resource "aws_eks_cluster" "shop" {
  name     = "shop"
  role_arn = "arn:aws:iam::123456789012:role/shop-cluster"

  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]
  }
}

resource "aws_eks_node_group" "ingress" {
  cluster_name    = aws_eks_cluster.shop.name
  node_group_name = "ingress"
  node_role_arn   = "arn:aws:iam::123456789012:role/shop-nodes"
  subnet_ids      = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]
  instance_types  = ["c6i.large"]

  taint {
    key    = "tier"
    value  = "ingress"
    effect = "NO_SCHEDULE"
  }

  scaling_config {
    desired_size = 2
    max_size     = 4
    min_size     = 2
  }
}

resource "aws_launch_template" "legacy" {
  name_prefix   = "shop-legacy-"
  image_id      = "ami-0a1b2c3d4e5f60718"
  instance_type = "m6i.large"
  user_data     = base64encode(file("${path.module}/bootstrap.sh"))
  iam_instance_profile {
    name = "shop-legacy-nodes"
  }
}

resource "aws_autoscaling_group" "legacy" {
  name                = "shop-legacy"
  min_size            = 1
  max_size            = 6
  vpc_zone_identifier = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]

  launch_template {
    id      = aws_launch_template.legacy.id
    version = "$Latest"
  }
}
