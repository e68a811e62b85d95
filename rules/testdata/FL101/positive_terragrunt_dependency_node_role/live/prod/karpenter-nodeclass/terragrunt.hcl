include "root" {
  path = find_in_parent_folders("root.hcl")
}

terraform {
  source = "../../../modules//nodeclass"
}

dependency "eks" {
  config_path = "../eks"
}

inputs = {
  # Karpenter's nodes reuse the managed node group's role.
  node_role_name = dependency.eks.outputs.eks_managed_node_groups["general"].iam_role_name
}
