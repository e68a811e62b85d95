# Auto Mode with its built-in NodePools turned off: the only capacity is
# the ingest NodePool below, tainted for the ingest pipeline.
resource "aws_eks_cluster" "atlas" {
  name     = "atlas"
  role_arn = "arn:aws:iam::210987654321:role/atlas-cluster"

  bootstrap_self_managed_addons = false

  compute_config {
    enabled       = true
    node_pools    = []
    node_role_arn = "arn:aws:iam::210987654321:role/atlas-auto-nodes"
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
    subnet_ids = ["subnet-0c1d2e3f", "subnet-0a4b5c6d"]
  }
}
