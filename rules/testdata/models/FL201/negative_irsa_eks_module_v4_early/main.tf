# An early pin of the IRSA module (before assume_role_condition_test); the
# subject matches the service account the team declares.
module "vpc_cni_irsa" {
  source  = "terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts-eks"
  version = "4.13.2"

  role_name             = "meadow-vpc-cni"
  attach_vpc_cni_policy = true
  vpc_cni_enable_ipv4   = true

  oidc_providers = {
    meadow = {
      provider_arn               = "arn:aws:iam::567890123456:oidc-provider/oidc.eks.ca-central-1.amazonaws.com/id/44AA55BB66CC77DD88EE99FF00AA11BB"
      namespace_service_accounts = ["kube-system:aws-node"]
    }
  }
}

resource "kubernetes_service_account_v1" "aws_node" {
  metadata {
    name      = "aws-node"
    namespace = "kube-system"
    annotations = {
      "eks.amazonaws.com/role-arn" = module.vpc_cni_irsa.iam_role_arn
    }
  }
}
