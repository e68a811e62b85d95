data "aws_eks_cluster" "logs" {
  name = "logs"
}

# The IRSA module wants the OIDC provider's ARN: it makes the Federated
# principal of it, and the condition keys of what follows "provider/".
# Given the cluster's issuer URL, both keep the https:// and name nothing.
module "collector_irsa" {
  source  = "terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts"
  version = "6.2.1"

  name = "log-collector"

  oidc_providers = {
    logs = {
      provider_arn               = data.aws_eks_cluster.logs.identity[0].oidc[0].issuer # want FL205 `lets in Federated principal data.aws_eks_cluster.logs.identity\[0\].oidc\[0\].issuer, the cluster's issuer URL, not an OIDC provider's ARN .*; its 2 condition keys are built from the same URL, with its https://, and exist in no token`
      namespace_service_accounts = ["logging:collector"]
    }
  }
}
