# The Karpenter stack tags the group the cluster stack made for Karpenter's
# nodes, read from its state; the node group keeps the cluster's group.
terraform {
  backend "s3" {
    bucket = "harbor-terraform-state"
    key    = "karpenter/terraform.tfstate"
    region = "eu-central-1"
  }
}

provider "aws" {
  region = "eu-central-1"
}

data "terraform_remote_state" "cluster" {
  backend = "s3"
  config = {
    bucket = "harbor-terraform-state"
    key    = "cluster/terraform.tfstate"
    region = "eu-central-1"
  }
}

resource "aws_ec2_tag" "karpenter_sg_discovery" {
  resource_id = data.terraform_remote_state.cluster.outputs.karpenter_security_group_id
  key         = "karpenter.sh/discovery"
  value       = "harbor"
}
