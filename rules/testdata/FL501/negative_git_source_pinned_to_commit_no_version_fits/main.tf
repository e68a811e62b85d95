# Pinned to a commit of the module's repository, with an input from one
# major (cluster_name, v20) beside one from the next (kubernetes_version,
# v21): no modelled version declares both, so the commit is a release
# faultline does not know — one between the two, whose inputs it cannot
# tell. The call is not modelled (a coverage note), and nothing is said
# of its inputs.
module "eks" {
  source = "git::https://github.com/terraform-aws-modules/terraform-aws-eks.git?ref=9f8e7d6c5b4a39281706f5e4d3c2b1a098f7e6d5"

  cluster_name       = "atlas"
  kubernetes_version = "1.31"
}
