# A cache written with the kubernetes provider 1.x, whose resources block
# took requests as a block of its own. Its nodes are t3.large (8 GiB); each
# replica asks for 12 GiB.
resource "aws_eks_cluster" "shop" {
  name     = "shop"
  role_arn = "arn:aws:iam::777788889999:role/shop-cluster"

  vpc_config {
    subnet_ids = ["subnet-0e1", "subnet-0e2"]
  }
}

resource "aws_eks_node_group" "general" {
  cluster_name    = aws_eks_cluster.shop.name
  node_group_name = "general"
  node_role_arn   = "arn:aws:iam::777788889999:role/shop-nodes"
  subnet_ids      = ["subnet-0e1", "subnet-0e2"]
  instance_types  = ["t3.large"]

  scaling_config {
    min_size     = 2
    max_size     = 8
    desired_size = 3
  }
}

resource "kubernetes_stateful_set" "cache" {
  metadata {
    name      = "session-cache"
    namespace = "shop"
  }

  spec {
    service_name = "session-cache"
    replicas     = 3

    selector {
      match_labels = {
        app = "session-cache"
      }
    }

    template {
      metadata {
        labels = {
          app = "session-cache"
        }
      }

      spec {
        container {
          name  = "cache"
          image = "registry.example.com/cache:7.2"

          resources {
            requests {
              cpu    = "1"
              memory = "12Gi" # want FL401 `StatefulSet shop/session-cache stays Pending: it requests 1 CPU and 12.0Gi memory`
            }
          }
        }
      }
    }
  }
}
