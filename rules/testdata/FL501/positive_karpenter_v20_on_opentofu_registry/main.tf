# An OpenTofu root: the Karpenter submodule is called on the OpenTofu
# registry, which serves the same module as the Terraform registry. The
# call still reuses the ledger node group's role the v19 way.
module "karpenter" {
  source  = "registry.opentofu.org/terraform-aws-modules/eks/aws//modules/karpenter"
  version = "~> 20.8"

  cluster_name = "ledger"

  create_iam_role = false # want FL501:notice "module.karpenter sets create_iam_role = false, which from v20.0.0 .* is whether the module creates the Karpenter controller's IAM role, not whether the module creates the Karpenter node IAM role \\(that is create_node_iam_role now\\)"
  iam_role_arn    = "arn:aws:iam::444455556666:role/ledger-nodes" # want FL501 "module.karpenter passes input iam_role_arn, which .* at every version ~> 20.8 allows .* does not declare: Terraform rejects the call \\(Unsupported argument\\)"
}
