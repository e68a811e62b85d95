# The ingest workers' node group is tainted for them; the Deployment
# Terraform writes with the kubernetes provider selects it and tolerates
# the taint.
resource "aws_eks_cluster" "data" {
  name     = "data"
  role_arn = "arn:aws:iam::444455556666:role/data-cluster"

  vpc_config {
    subnet_ids = ["subnet-0c1", "subnet-0c2"]
  }
}

resource "aws_eks_node_group" "ingest" {
  cluster_name    = aws_eks_cluster.data.name
  node_group_name = "ingest"
  node_role_arn   = "arn:aws:iam::444455556666:role/data-nodes"
  subnet_ids      = ["subnet-0c1", "subnet-0c2"]
  instance_types  = ["c6i.2xlarge"]

  labels = {
    workload = "ingest"
  }

  taint {
    key    = "workload"
    value  = "ingest"
    effect = "NO_SCHEDULE"
  }

  scaling_config {
    min_size     = 1
    max_size     = 6
    desired_size = 2
  }
}

resource "kubernetes_deployment_v1" "ingest" {
  metadata {
    name      = "ingest-worker"
    namespace = "pipeline"
  }

  spec {
    replicas = 3

    selector {
      match_labels = {
        app = "ingest-worker"
      }
    }

    template {
      metadata {
        labels = {
          app = "ingest-worker"
        }
      }

      spec {
        node_selector = {
          workload = "ingest"
        }

        toleration {
          key      = "workload"
          operator = "Equal"
          value    = "ingest"
          effect   = "NoSchedule"
        }

        container {
          name  = "worker"
          image = "registry.example.com/ingest:2.4.0"

          resources {
            requests = {
              cpu    = "1"
              memory = "2Gi"
            }
          }
        }
      }
    }
  }
}
