# The discovery tag is only a default here: the organisation's tags from
# the pipeline (no default) are merged after it and may set it otherwise.
variable "org_tags" {
  type = map(string)
}

module "network" {
  source = "./modules/node-network"
  name   = "ledger"
  tags = merge({
    "karpenter.sh/discovery" = "ledger"
  }, var.org_tags)
}

resource "aws_eks_node_group" "system" {
  cluster_name    = "ledger"
  node_group_name = "system"
  node_role_arn   = "arn:aws:iam::111122223333:role/ledger-nodes"
  subnet_ids      = ["subnet-0a1b2c3d4e5f60718"]

  launch_template {
    id      = module.network.launch_template_id
    version = "$Latest"
  }

  scaling_config {
    desired_size = 2
    max_size     = 4
    min_size     = 2
  }
}
