variable "cluster_name" {
  type = string
}

variable "eks_managed_node_groups" {
  type    = map(object({}))
  default = {}
}

resource "aws_eks_cluster" "this" {
  name     = var.cluster_name
  role_arn = "arn:aws:iam::111122223333:role/checkout-control-plane"

  vpc_config {
    subnet_ids = ["subnet-0a10", "subnet-0a11"]
  }
}

module "eks_managed_node_group" {
  source   = "./node-group"
  for_each = var.eks_managed_node_groups

  cluster_name = aws_eks_cluster.this.name
  name         = each.key
}

output "eks_managed_node_groups" {
  value = module.eks_managed_node_group
}
