# The v20 spelling: the node role is reused through the node_iam_role_*
# inputs; create_iam_role keeps its v20 meaning (the controller's role).
module "karpenter" {
  source  = "terraform-aws-modules/eks/aws//modules/karpenter"
  version = "~> 20.24"

  cluster_name          = "checkout"
  create_iam_role       = true
  iam_role_name         = "checkout-karpenter-controller"
  create_node_iam_role  = false
  node_iam_role_arn     = "arn:aws:iam::210987654321:role/checkout-core-nodes"
  create_access_entry   = false
  enable_v1_permissions = true
}
