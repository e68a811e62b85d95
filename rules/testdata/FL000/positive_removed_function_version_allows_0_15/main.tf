# Written for 0.14, but the version constraint lets any later Terraform
# run it, and none from 0.15 on has map().
terraform {
  required_version = ">= 0.14.0, < 2.0.0"
}

locals {
  node_labels = map("workload", "batch") # want FL000 `Call to function "map" failed`
}

output "node_labels" {
  value = local.node_labels
}
