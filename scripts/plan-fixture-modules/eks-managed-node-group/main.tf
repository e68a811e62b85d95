# A stand-in for terraform-aws-modules/eks/aws//modules/eks-managed-node-group,
# written for faultline's plan fixtures: the resource addresses the real
# module gives its node group and node role (aws_eks_node_group.this[0],
# aws_iam_role.this[0]) and the inputs the fixtures set, nothing else.
# scripts/make-plan-fixture.sh installs it as the registry module through a
# hand-written module cache, so Terraform plans it offline.

variable "create" {
  type    = bool
  default = true
}

variable "name" {
  type = string
}

variable "cluster_name" {
  type = string
}

variable "subnet_ids" {
  type = list(string)
}

variable "create_iam_role" {
  type    = bool
  default = true
}

variable "iam_role_arn" {
  type    = string
  default = null
}

variable "iam_role_name" {
  type    = string
  default = null
}

variable "min_size" {
  type    = number
  default = 1
}

variable "max_size" {
  type    = number
  default = 3
}

variable "desired_size" {
  type    = number
  default = 1
}

resource "aws_iam_role" "this" {
  count = var.create && var.create_iam_role ? 1 : 0

  name = coalesce(var.iam_role_name, "${var.name}-eks-node-group")
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Action    = "sts:AssumeRole"
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

resource "aws_eks_node_group" "this" {
  count = var.create ? 1 : 0

  cluster_name    = var.cluster_name
  node_group_name = var.name
  node_role_arn   = var.create_iam_role ? aws_iam_role.this[0].arn : var.iam_role_arn
  subnet_ids      = var.subnet_ids

  scaling_config {
    min_size     = var.min_size
    max_size     = var.max_size
    desired_size = var.desired_size
  }
}

output "iam_role_arn" {
  value = try(aws_iam_role.this[0].arn, var.iam_role_arn)
}
