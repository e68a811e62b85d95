module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 20.24"

  cluster_name    = var.cluster_name
  cluster_version = "1.30"

  vpc_id     = module.vpc.vpc_id
  subnet_ids = module.vpc.private_subnets

  enable_irsa = true

  # Only add-ons run here; everything else is Karpenter's.
  eks_managed_node_groups = {
    system = {
      instance_types = ["m6i.large"]
      min_size       = 2
      max_size       = 3
      desired_size   = 2

      taints = {
        addons = {
          key    = "CriticalAddonsOnly"
          value  = "true"
          effect = "NO_SCHEDULE"
        }
      }
    }
  }
}

# The security group of the nodes Karpenter launches, found through the
# discovery tag its EC2NodeClass selects (the node group keeps the module's
# node security group).
resource "aws_security_group" "karpenter_nodes" {
  name        = "${var.cluster_name}-karpenter-nodes"
  description = "Karpenter nodes of ${var.cluster_name}"
  vpc_id      = module.vpc.vpc_id

  tags = {
    "karpenter.sh/discovery" = var.cluster_name
  }
}
