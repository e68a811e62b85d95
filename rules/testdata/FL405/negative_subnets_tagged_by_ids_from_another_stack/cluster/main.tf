terraform {
  backend "s3" {
    bucket = "acme-tfstate"
    key    = "cluster/terraform.tfstate"
    region = "sa-east-1"
  }
}

data "terraform_remote_state" "network" {
  backend = "s3"
  config = {
    bucket = "acme-tfstate"
    key    = "network/terraform.tfstate"
    region = "sa-east-1"
  }
}

locals {
  subnet_ids = data.terraform_remote_state.network.outputs.private_subnet_ids
}

resource "aws_eks_cluster" "orders" {
  name     = "orders"
  role_arn = "arn:aws:iam::123456789012:role/orders-cluster"

  vpc_config {
    subnet_ids = local.subnet_ids
  }
}

# The network stack's subnets get the discovery tag from here: which
# subnets those IDs are is known only from the other stack's state.
resource "aws_ec2_tag" "discovery" {
  count       = length(local.subnet_ids)
  resource_id = local.subnet_ids[count.index]
  key         = "karpenter.sh/discovery"
  value       = aws_eks_cluster.orders.name
}
