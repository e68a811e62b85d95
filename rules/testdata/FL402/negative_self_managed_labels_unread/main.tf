resource "aws_eks_cluster" "batch" {
  name     = "batch"
  role_arn = "arn:aws:iam::111122223333:role/batch-cluster"

  vpc_config {
    subnet_ids = ["subnet-0aa", "subnet-0bb"]
  }
}

resource "aws_eks_node_group" "workers" {
  cluster_name    = aws_eks_cluster.batch.name
  node_group_name = "workers"
  node_role_arn   = "arn:aws:iam::111122223333:role/batch-nodes"
  subnet_ids      = ["subnet-0aa", "subnet-0bb"]

  labels = {
    workload = "batch"
  }

  scaling_config {
    min_size     = 1
    max_size     = 10
    desired_size = 2
  }
}

resource "aws_launch_template" "ingress" {
  name_prefix   = "ingress-"
  instance_type = "c6i.large"
  user_data     = base64encode("--node-labels=workload=ingress")
  iam_instance_profile {
    name = "batch-nodes"
  }
}

resource "aws_autoscaling_group" "ingress" {
  name_prefix         = "ingress-"
  max_size            = 3
  min_size            = 1
  vpc_zone_identifier = ["subnet-0aa"]

  launch_template {
    id      = aws_launch_template.ingress.id
    version = "$Latest"
  }
}
