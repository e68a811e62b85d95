# Pinned to a commit of the module's repository, with an input from one
# major (cluster_name, v20) beside one from the next (kubernetes_version,
# v21): no modelled version declares both, so the newest is assumed, and
# the finding says the call is pinned to a commit, not unconstrained.
module "eks" {
  source = "git::https://github.com/terraform-aws-modules/terraform-aws-eks.git?ref=9f8e7d6c5b4a39281706f5e4d3c2b1a098f7e6d5"

  cluster_name       = "atlas" # want FL501:notice "module\\.eks passes input cluster_name, which .* at its built-in model v21\\.x \\(assumed: pinned to commit 9f8e7d6c5b4a, a release faultline does not know: no modelled version declares every input"
  kubernetes_version = "1.31"
}
