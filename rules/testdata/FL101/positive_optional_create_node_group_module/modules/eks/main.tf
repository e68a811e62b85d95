variable "name" {
  type = string
}

variable "managed_node_groups" {
  type = map(object({
    create    = optional(bool)
    role_arn  = string
    min_size  = optional(number)
  }))
  default = null
}

resource "aws_eks_cluster" "this" {
  name     = var.name
  role_arn = "arn:aws:iam::444455556666:role/orders-control-plane"

  vpc_config {
    subnet_ids = ["subnet-0f00", "subnet-0f01"]
  }
}

module "node_group" {
  source   = "./node-group"
  for_each = var.managed_node_groups != null ? var.managed_node_groups : {}

  create       = each.value.create
  cluster_name = aws_eks_cluster.this.name
  name         = each.key
  role_arn     = each.value.role_arn
  min_size     = each.value.min_size
}

output "endpoint" {
  value = aws_eks_cluster.this.endpoint
}
