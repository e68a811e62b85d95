locals {
  tags = {
    Team        = "platform"
    Environment = var.environment
    ManagedBy   = "terraform"
    Repository  = "acme/platform-infra"
  }

  # Subnets and Karpenter's security group carry this tag so Karpenter can
  # find them with a selector instead of hard-coded IDs. The node group
  # security group must not carry it.
  discovery_tags = {
    "karpenter.sh/discovery" = var.cluster_name
  }

  node_role_name           = "${var.cluster_name}-nodes"
  ci_runner_role_name      = "${var.cluster_name}-ci-runners"
  karpenter_node_role_name = "${var.cluster_name}-karpenter-node"

  node_policies = [
    "arn:aws:iam::aws:policy/AmazonEKSWorkerNodePolicy",
    "arn:aws:iam::aws:policy/AmazonEKS_CNI_Policy",
    "arn:aws:iam::aws:policy/AmazonEC2ContainerRegistryReadOnly",
    "arn:aws:iam::aws:policy/AmazonSSMManagedInstanceCore",
  ]
}
