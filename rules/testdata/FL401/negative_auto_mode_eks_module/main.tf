module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 21.0"

  name               = "shop"
  kubernetes_version = "1.33"
  vpc_id             = "vpc-0123"
  subnet_ids         = ["subnet-0aa", "subnet-0bb"]

  compute_config = {
    enabled    = true
    node_pools = ["general-purpose"]
  }
}
