include "root" {
  path = find_in_parent_folders("root.hcl")
}

terraform {
  source = "../../../modules//nodeclass"
}

dependency "eks" {
  config_path = "../eks"
}

dependency "karpenter_iam" {
  config_path = "../karpenter-iam"
}

inputs = {
  # Karpenter's nodes have a role of their own.
  node_role_name = dependency.karpenter_iam.outputs.name
}
