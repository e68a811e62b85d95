variable "team" {
  type        = string
  description = "The owning team's record as JSON, given at plan time."
}

# A node group of its own, beside a cluster made elsewhere: any release
# of the submodule from 20.8.4 (those that take cloudinit_pre_nodeadm) will
# do.
module "general_nodes" {
  source  = "terraform-aws-modules/eks/aws//modules/eks-managed-node-group"
  version = ">= 20.8.4, < 21.0.0"

  name            = "general"
  cluster_name    = "orders"
  cluster_version = "1.30"
  subnet_ids      = ["subnet-0a10", "subnet-0a11"]

  # The team's short code, from its record.
  iam_role_name  = "orders-${jsondecode(var.team).code}-nodes"
  instance_types = ["m6i.large"]
}
