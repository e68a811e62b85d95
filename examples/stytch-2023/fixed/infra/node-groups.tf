module "node_group_system" {
  source = "./modules/node-group"

  cluster_name       = module.eks.cluster_name
  name               = "system"
  node_role_arn      = aws_iam_role.nodes.arn
  subnet_ids         = var.private_subnet_ids
  security_group_ids = [aws_security_group.nodes.id]

  instance_types = ["m6i.large"]
  min_size       = 3
  max_size       = 6
  desired_size   = 3

  labels = {
    "acme.io/pool" = "system"
  }
  taints = [{
    key    = "CriticalAddonsOnly"
    value  = "true"
    effect = "NO_SCHEDULE"
  }]

  tags = local.tags
}

module "node_group_batch" {
  source = "./modules/node-group"

  cluster_name       = module.eks.cluster_name
  name               = "batch"
  node_role_arn      = aws_iam_role.nodes.arn
  subnet_ids         = var.private_subnet_ids
  security_group_ids = [aws_security_group.nodes.id]

  instance_types = ["c6i.2xlarge", "c6a.2xlarge"]
  capacity_type  = "SPOT"
  min_size       = 0
  max_size       = 20
  desired_size   = 2

  labels = {
    "acme.io/pool" = "batch"
  }

  tags = local.tags
}
