resource "aws_eks_cluster" "reports" {
  name     = "reports"
  role_arn = "arn:aws:iam::111122223333:role/reports-cluster"

  bootstrap_self_managed_addons = false

  compute_config {
    enabled       = true
    node_pools    = ["system"]
    node_role_arn = "arn:aws:iam::111122223333:role/reports-auto-nodes"
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
    subnet_ids = ["subnet-0aa11", "subnet-0bb22"]
  }
}
