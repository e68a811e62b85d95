# On v19 create_iam_role and iam_role_arn are the node role's inputs.
module "karpenter" {
  source  = "terraform-aws-modules/eks/aws//modules/karpenter"
  version = "~> 19.21"

  cluster_name                    = "checkout"
  irsa_oidc_provider_arn          = "arn:aws:iam::210987654321:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/5C1D0E2F"
  irsa_namespace_service_accounts = ["karpenter:karpenter"]
  create_iam_role                 = false
  iam_role_arn                    = "arn:aws:iam::210987654321:role/checkout-core-nodes"
}
