# The core group only runs in the subnets of the routable range: the
# subnets' IDs, and which of them pass the filter, are known once they
# exist.
resource "aws_subnet" "private" {
  for_each          = { a = "100.64.0.0/19", b = "100.64.32.0/19", c = "10.20.0.0/19" }
  vpc_id            = "vpc-0a1b2c3d4e5f60718"
  cidr_block        = each.value
  availability_zone = "eu-west-1${each.key}"
  tags              = { "karpenter.sh/discovery" = "hub" }
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "19.21.0"

  cluster_name    = "hub"
  cluster_version = "1.29"
  vpc_id          = "vpc-0a1b2c3d4e5f60718"
  subnet_ids      = [for s in aws_subnet.private : s.id]

  eks_managed_node_groups = {
    core = {
      instance_types = ["m6i.large"]
      subnet_ids     = compact([for s in aws_subnet.private : substr(s.arn, 0, 4) == "arn:" ? s.id : null])
      min_size       = 1
      max_size       = 3
      desired_size   = 1
    }
  }
}
