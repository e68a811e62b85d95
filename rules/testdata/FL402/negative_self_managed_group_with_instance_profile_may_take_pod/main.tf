# The analytics group is self-managed: its instances launch with the
# node profile, and its bootstrap (not read) sets their labels, so it may
# well carry the pool the API selects.
resource "aws_eks_cluster" "insights" {
  name     = "insights"
  role_arn = "arn:aws:iam::624817395023:role/insights-control-plane"
  vpc_config {
    subnet_ids = ["subnet-0b2c3d4e5f6a7b801", "subnet-0b2c3d4e5f6a7b802"]
  }
}

resource "aws_eks_node_group" "core" {
  cluster_name    = aws_eks_cluster.insights.name
  node_group_name = "core"
  node_role_arn   = "arn:aws:iam::624817395023:role/insights-nodes"
  subnet_ids      = ["subnet-0b2c3d4e5f6a7b801", "subnet-0b2c3d4e5f6a7b802"]
  instance_types  = ["m6i.xlarge"]
  labels          = { pool = "core" }
  scaling_config {
    desired_size = 2
    min_size     = 2
    max_size     = 5
  }
}

resource "aws_launch_template" "analytics" {
  name_prefix   = "insights-analytics-"
  image_id      = "ami-0c1d2e3f4a5b6c7d8"
  instance_type = "c6i.2xlarge"
  iam_instance_profile {
    name = "insights-nodes"
  }
  user_data = base64encode("#!/bin/bash\n/etc/eks/bootstrap.sh insights --kubelet-extra-args '--node-labels=pool=analytics'\n")
}

resource "aws_autoscaling_group" "analytics" {
  name                = "insights-analytics"
  min_size            = 1
  max_size            = 4
  vpc_zone_identifier = ["subnet-0b2c3d4e5f6a7b801"]
  launch_template {
    id      = aws_launch_template.analytics.id
    version = "$Latest"
  }
}

resource "kubernetes_deployment_v1" "api" {
  metadata {
    name      = "api"
    namespace = "insights"
  }
  spec {
    replicas = 2
    selector {
      match_labels = { app = "api" }
    }
    template {
      metadata {
        labels = { app = "api" }
      }
      spec {
        node_selector = { pool = "analytics" }
        container {
          name  = "api"
          image = "registry.example.com/insights/api:2.8.0"
        }
      }
    }
  }
}
