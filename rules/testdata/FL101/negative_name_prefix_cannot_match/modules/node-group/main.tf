variable "name" {
  type = string
}

variable "use_name_prefix" {
  type    = bool
  default = true
}

variable "launch_template_name" {
  type    = string
  default = ""
}

locals {
  role_name = "${var.name}-eks-node-group"
}

resource "aws_iam_role" "this" {
  count       = 1
  name        = var.use_name_prefix ? null : local.role_name
  name_prefix = var.use_name_prefix ? "${local.role_name}-" : null

  assume_role_policy = "{}"
}

resource "aws_eks_node_group" "this" {
  count           = 1
  cluster_name    = "prod"
  node_group_name = var.name
  node_role_arn   = aws_iam_role.this[0].arn

  dynamic "launch_template" {
    for_each = var.launch_template_name != "" ? [1] : []
    content {
      name    = var.launch_template_name
      version = "$Default"
    }
  }
}
