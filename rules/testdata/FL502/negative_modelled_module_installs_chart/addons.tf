# Karpenter comes from the EKS Blueprints add-ons module (read from its
# built-in model, no terraform init). The values it writes for the chart,
# legacy settings.aws keys included, are the module's, not ours to fix.
module "eks_blueprints_addons" {
  source  = "aws-ia/eks-blueprints-addons/aws"
  version = "~> 1.16"

  cluster_name      = "billing"
  cluster_endpoint  = "https://B1LL1NG.gr7.eu-central-1.eks.amazonaws.com"
  cluster_version   = "1.30"
  oidc_provider_arn = "arn:aws:iam::222233334444:oidc-provider/oidc.eks.eu-central-1.amazonaws.com/id/B1LL1NG"

  enable_karpenter = true
}
