# A root still run with Terraform 0.14, which has map() and list()
# (deprecated since 0.12, removed in 0.15): its required_version allows
# no release without them.
terraform {
  required_version = "~> 0.14.0"
}

variable "cluster_name" {
  type    = string
  default = "legacy"
}

locals {
  subnet_tags = merge(
    { Environment = "legacy" },
    map("kubernetes.io/cluster/${var.cluster_name}", "shared"),
  )
  azs = list("eu-west-1a", "eu-west-1b")
}

output "subnet_tags" {
  value = local.subnet_tags
}

output "azs" {
  value = local.azs
}
