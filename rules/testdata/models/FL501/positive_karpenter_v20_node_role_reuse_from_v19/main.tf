# The cluster was moved to the v20 modules; the Karpenter call kept the v19
# way of reusing the core node group's role.
module "karpenter" {
  source  = "terraform-aws-modules/eks/aws//modules/karpenter"
  version = "~> 20.24"

  cluster_name = "checkout"

  create_iam_role = false # want FL501 "module.karpenter sets create_iam_role = false, which from v20.0.0 .* is whether the module creates the Karpenter controller's IAM role, not whether the module creates the Karpenter node IAM role \\(that is create_node_iam_role now\\)"
  iam_role_arn    = "arn:aws:iam::210987654321:role/checkout-core-nodes" # want FL501 "module.karpenter passes input iam_role_arn, which .* does not declare: Terraform rejects the call \\(Unsupported argument\\); of the versions faultline models, versions >= 18.31.0, < 20.0.0 declare it; before v20.0.0 it was the existing node IAM role given to Karpenter's nodes, now input node_iam_role_arn"
}
