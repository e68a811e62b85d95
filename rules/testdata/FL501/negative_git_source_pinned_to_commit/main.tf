# The module is pinned to a commit of its git repository, not to a tag:
# terraform init installs that commit, whatever release it belongs to,
# not the newest. The v20-style inputs are not compared with v21.
module "eks" {
  source = "git::https://github.com/terraform-aws-modules/terraform-aws-eks.git?ref=0123456789abcdef0123456789abcdef01234567"

  cluster_name    = "ledger"
  cluster_version = "1.30"
  vpc_id          = "vpc-0f0e0d0c0b0a09080"
  subnet_ids      = ["subnet-0a0b0c0d0e0f01020", "subnet-0a0b0c0d0e0f01021"]

  cluster_endpoint_public_access = true
}
