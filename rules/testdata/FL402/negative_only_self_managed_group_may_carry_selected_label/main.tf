# The ledger cluster's only capacity is a self-managed group; its
# bootstrap labels the nodes, which faultline does not read, so whether
# they carry the label the importer selects is not known: counted, not
# judged.
resource "aws_eks_cluster" "ledger" {
  name     = "ledger"
  role_arn = "arn:aws:iam::903817264510:role/ledger-control-plane"
  vpc_config {
    subnet_ids = ["subnet-0d2e3f4a5b6c7d801", "subnet-0d2e3f4a5b6c7d802"]
  }
}

resource "aws_launch_template" "workers" {
  name_prefix   = "ledger-workers-"
  image_id      = "ami-0f1e2d3c4b5a69788"
  instance_type = "r6i.xlarge"
  iam_instance_profile {
    name = "ledger-nodes"
  }
  user_data = base64encode("#!/bin/bash\n/etc/eks/bootstrap.sh ledger --kubelet-extra-args '--node-labels=lane=batch'\n")
}

resource "aws_autoscaling_group" "workers" {
  name                = "ledger-workers"
  min_size            = 1
  max_size            = 6
  vpc_zone_identifier = ["subnet-0d2e3f4a5b6c7d801", "subnet-0d2e3f4a5b6c7d802"]
  launch_template {
    id      = aws_launch_template.workers.id
    version = "$Latest"
  }
  tag {
    key                 = "kubernetes.io/cluster/ledger"
    value               = "owned"
    propagate_at_launch = true
  }
}

resource "kubernetes_deployment_v1" "importer" {
  metadata {
    name      = "importer"
    namespace = "ledger"
  }
  spec {
    replicas = 1
    selector {
      match_labels = { app = "importer" }
    }
    template {
      metadata {
        labels = { app = "importer" }
      }
      spec {
        node_selector = { lane = "stream" }
        container {
          name  = "importer"
          image = "registry.example.com/ledger/importer:1.2.0"
        }
      }
    }
  }
}
