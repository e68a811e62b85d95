# A bastion Auto Scaling group shares the cluster's root. Its instances
# have no instance profile, so they have no IAM identity to join the
# cluster with: they are no nodes, and the analytics API, which selects a
# pool no node group carries, has nowhere to run.
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

resource "aws_launch_template" "bastion" {
  name_prefix   = "insights-bastion-"
  image_id      = "ami-0c1d2e3f4a5b6c7d8"
  instance_type = "c6i.2xlarge"
  user_data     = base64encode("#!/bin/bash\ndnf install -y postgresql15\n")
}

resource "aws_autoscaling_group" "bastion" {
  name                = "insights-bastion"
  min_size            = 1
  max_size            = 1
  vpc_zone_identifier = ["subnet-0b2c3d4e5f6a7b801"]
  launch_template {
    id      = aws_launch_template.bastion.id
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
        node_selector = { pool = "analytics" } # want FL402 `Deployment insights/api stays Pending: no NodePool or node group of its cluster carries the labels it requires \(node group core \(aws_eks_node_group.core\): its nodes have pool=core, the pod requires pool=analytics\)`
        container {
          name  = "api"
          image = "registry.example.com/insights/api:2.8.0"
        }
      }
    }
  }
}
