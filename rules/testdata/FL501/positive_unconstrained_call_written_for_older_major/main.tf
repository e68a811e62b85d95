# No version constraint: terraform init installs the newest release, which
# no longer declares the v19 inputs this call passes. The call is read at
# v19 for everything else, but its inputs are compared with what init
# installs.
module "karpenter" {
  source = "terraform-aws-modules/eks/aws//modules/karpenter"

  cluster_name           = "harbor"
  irsa_oidc_provider_arn = "arn:aws:iam::111122223333:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/5C2F1A0B9D8E7F6A5B4C3D2E1F0A9B8C" # want FL501:notice "module.karpenter passes input irsa_oidc_provider_arn, which .*karpenter at its built-in model v21\\.[0-9.]+ and later v21\\.x \\(assumed: no version constraint: the newest modelled version is assumed\\) does not declare: Terraform rejects the call"
}
