# The organisation's tags come from the pipeline (no default here); the
# discovery tag is merged last, so the node group's security group carries
# it whatever they hold.
variable "org_tags" {
  type = map(string)
}

module "network" {
  source = "./modules/node-network"
  name   = "ledger"
  tags = merge(var.org_tags, {
    "karpenter.sh/discovery" = "ledger"
  })
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
