# The add-ons come from EKS Blueprints with their defaults: Karpenter in its
# own namespace, the load balancer controller and cluster-autoscaler in
# kube-system, external-dns in external-dns. Each IRSA role the module
# creates trusts the service account the module names in the chart.
module "eks_blueprints_addons" {
  source  = "aws-ia/eks-blueprints-addons/aws"
  version = "~> 1.16"

  cluster_name      = "harbor"
  cluster_endpoint  = "https://0A1B2C3D4E5F60718293A4B5C6D7E8F9.gr7.eu-west-1.eks.amazonaws.com"
  cluster_version   = "1.29"
  oidc_provider_arn = "arn:aws:iam::456789012345:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/0A1B2C3D4E5F60718293A4B5C6D7E8F9"

  enable_karpenter                    = true
  enable_aws_load_balancer_controller = true
  enable_cluster_autoscaler           = true
  enable_external_dns                 = true
  external_dns_route53_zone_arns      = ["arn:aws:route53:::hostedzone/Z0123456789ABCDEFGHIJ"]

  eks_addons = {
    aws-ebs-csi-driver = {
      most_recent = true
    }
  }
}
