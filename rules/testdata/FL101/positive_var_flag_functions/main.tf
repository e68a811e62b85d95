variable "team" {
  type = string
}

variable "extra_tags" {
  type    = map(string)
  default = { owner = "sre" }
}

locals {
  slug = replace(var.team, "_", "-")
  tags = merge(var.extra_tags, { team = local.slug })
}

resource "aws_iam_role" "workers" {
  name               = format("%s-%s", local.slug, "workers")
  assume_role_policy = "{}"
  tags               = local.tags
}

resource "aws_eks_node_group" "workers" {
  count           = 2
  cluster_name    = "analytics"
  node_group_name = "${local.slug}-${count.index}"
  node_role_arn   = aws_iam_role.workers.arn
  subnet_ids      = ["subnet-1"]

  scaling_config {
    desired_size = 1
    max_size     = 1
    min_size     = 1
  }
}
