# A cluster without EKS Auto Mode: its only capacity is the system group,
# tainted for the platform's own pods.
resource "aws_eks_cluster" "ops" {
  name     = "ops"
  role_arn = "arn:aws:iam::111122223333:role/ops-cluster"

  vpc_config {
    subnet_ids = ["subnet-0aa11", "subnet-0bb22"]
  }
}

resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.ops.name
  node_group_name = "system"
  node_role_arn   = "arn:aws:iam::111122223333:role/ops-nodes"
  subnet_ids      = ["subnet-0aa11", "subnet-0bb22"]
  instance_types  = ["m6i.large"]

  taint {
    key    = "dedicated"
    value  = "platform"
    effect = "NO_SCHEDULE"
  }

  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 2
  }
}

resource "kubernetes_manifest" "status_page" {
  manifest = {
    apiVersion = "apps/v1"
    kind       = "Deployment"
    metadata   = { name = "status-page", namespace = "default" }
    spec = {
      selector = { matchLabels = { app = "status-page" } }
      template = {
        metadata = { labels = { app = "status-page" } }
        spec = { # want FL403:error `node group system \(aws_eks_node_group.system\): its nodes are tainted dedicated=platform:NoSchedule`
          containers = [{
            name      = "web"
            image     = "123456789012.dkr.ecr.eu-west-1.amazonaws.com/status-page:1.0"
            resources = { requests = { cpu = "100m", memory = "128Mi" } }
          }]
        }
      }
    }
  }
}
