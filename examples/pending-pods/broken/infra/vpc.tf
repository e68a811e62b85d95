# The VPC was cut down from three zones to two to save on NAT gateways;
# eu-west-1c went away with it.
module "vpc" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "~> 5.8"

  name = var.cluster_name
  cidr = "10.20.0.0/16"

  azs             = ["eu-west-1a", "eu-west-1b"]
  private_subnets = ["10.20.0.0/19", "10.20.32.0/19"]
  public_subnets  = ["10.20.128.0/20", "10.20.144.0/20"]

  enable_nat_gateway = true
  single_nat_gateway = true

  private_subnet_tags = {
    "karpenter.sh/discovery" = var.cluster_name
  }
}
