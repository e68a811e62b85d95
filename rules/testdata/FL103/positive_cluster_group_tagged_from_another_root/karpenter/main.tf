# The Karpenter stack tags the cluster's security group for discovery; the
# group is the cluster stack's, read from its state.
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

resource "aws_ec2_tag" "cluster_sg_discovery" {
  resource_id = data.terraform_remote_state.cluster.outputs.cluster_security_group_id
  key         = "karpenter.sh/discovery"
  value       = "harbor"
}
