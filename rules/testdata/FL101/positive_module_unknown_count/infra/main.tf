variable "legacy_workers" {
  description = "Whether this cluster still runs the legacy worker group"
  type        = bool
}

resource "aws_iam_role" "karpenter_node" {
  name = "edge-karpenter-node"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
}

module "legacy_workers" {
  source = "../modules/workers"
  count  = var.legacy_workers ? 1 : 0

  cluster   = "edge"
  role_arn  = aws_iam_role.karpenter_node.arn
  subnet_id = "subnet-09f8e7d6c5b4a3921"
}

output "legacy_group" {
  value = one(module.legacy_workers[*].group_name)
}
