# The add-ons call is pinned to 1.17.0, but passes the observability tag
# input a later release added.
module "eks_blueprints_addons" {
  source  = "aws-ia/eks-blueprints-addons/aws"
  version = "1.17.0"

  cluster_name      = "checkout"
  cluster_endpoint  = "https://5C1D0E2F.gr7.eu-west-1.eks.amazonaws.com"
  cluster_version   = "1.29"
  oidc_provider_arn = "arn:aws:iam::210987654321:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/5C1D0E2F"

  observability_tag = null # want FL501 "module.eks_blueprints_addons passes input observability_tag, which aws-ia/eks-blueprints-addons/aws at version 1.17.0.* does not declare: .*; only versions >= 1.18.0 declare it"
}
