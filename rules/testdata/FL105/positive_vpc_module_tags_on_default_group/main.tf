module "network" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "~> 5.13"

  name            = "atlas"
  cidr            = "10.8.0.0/16"
  azs             = ["us-east-2a", "us-east-2b", "us-east-2c"]
  private_subnets = ["10.8.0.0/20", "10.8.16.0/20", "10.8.32.0/20"]

  # Every resource of the module carries the discovery tag, the VPC's
  # default security group (which the module adopts) included.
  tags = {
    "karpenter.sh/discovery" = "atlas"
  }
}

resource "aws_security_group" "karpenter_nodes" {
  name   = "atlas-karpenter-nodes"
  vpc_id = module.network.vpc_id

  tags = {
    "karpenter.sh/discovery" = "atlas"
  }
}
