# Auto Mode through the eks module, v20: enabled without node_pools, so
# the module passes node_pools = [] and EKS makes none of its built-in
# NodePools; the team's own pool is the only capacity.
module "eks" {
  source          = "terraform-aws-modules/eks/aws"
  version         = "20.33.1"
  cluster_name    = "storefront"
  cluster_version = "1.31"
  vpc_id          = "vpc-0f1e2d3c4b5a69788"
  subnet_ids      = ["subnet-0f1e2d3c4b5a69701", "subnet-0f1e2d3c4b5a69702"]

  cluster_compute_config = {
    enabled = true
  }
}
