# A retired stack kept in the repository: an eks module version faultline
# has no model of, so the capacity of its cluster is not read. It has
# nothing to do with the search cluster.
module "eks" {
  source       = "terraform-aws-modules/eks/aws"
  version      = "12.2.0"
  cluster_name = "retired"
  subnets      = ["subnet-0r1"]
  vpc_id       = "vpc-0r1"
}
