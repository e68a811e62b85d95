# The web cluster runs EKS Auto Mode: its built-in NodePools are nowhere
# in this repository.
resource "aws_eks_cluster" "web" {
  name     = "web"
  role_arn = "arn:aws:iam::444455556666:role/web-cluster"

  bootstrap_self_managed_addons = false

  compute_config {
    enabled       = true
    node_pools    = ["general-purpose"]
    node_role_arn = "arn:aws:iam::444455556666:role/web-auto-nodes"
  }

  kubernetes_network_config {
    elastic_load_balancing {
      enabled = true
    }
  }

  storage_config {
    block_storage {
      enabled = true
    }
  }

  vpc_config {
    subnet_ids = ["subnet-0w1", "subnet-0w2"]
  }
}
