# The add-ons module installs Karpenter itself and writes the chart values
# (the legacy profile key among them); the team cannot change those keys,
# so they are not the team's drift.
module "addons" {
  source  = "acme/cluster-addons/aws"
  version = "2.1.0"

  cluster_name          = "ledger"
  node_instance_profile = "ledger-karpenter-nodes"
}
