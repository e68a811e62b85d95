module "node_iam" {
  source = "../modules/node-iam"
  name   = "shared-nodes"
}

resource "aws_eks_node_group" "general" {
  for_each = {
    general = "m6i.large"
    memory  = "r6i.large"
  }
  cluster_name    = "core"
  node_group_name = each.key
  node_role_arn   = module.node_iam.role_arn
  instance_types  = [each.value]
  subnet_ids      = ["subnet-1"]

  scaling_config {
    desired_size = 1
    max_size     = 2
    min_size     = 1
  }
}
