module "network" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "~> 5.13"

  name            = "atlas"
  cidr            = "10.8.0.0/16"
  azs             = ["us-east-2a", "us-east-2b", "us-east-2c"]
  private_subnets = ["10.8.0.0/20", "10.8.16.0/20", "10.8.32.0/20"]

  # The module leaves the VPC's default security group alone, so the
  # discovery tag reaches only the subnets and the VPC.
  manage_default_security_group = false
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
