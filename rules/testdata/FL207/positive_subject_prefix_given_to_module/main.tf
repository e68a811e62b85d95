provider "aws" {
  region = "ap-southeast-2"
}

# The module builds each subject as system:serviceaccount:<entry>, so the
# entry must be "namespace:name" only.
module "grafana_irsa" {
  source  = "terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts-eks"
  version = "5.48.0"

  role_name = "observability-grafana"

  oidc_providers = {
    primary = { # want FL207:error `trust of IAM role "observability-grafana" \(module.grafana_irsa.aws_iam_role.this\[0\]\): subject "system:serviceaccount:system:serviceaccount:monitoring:grafana" holds more than a namespace and a name`
      provider_arn               = "arn:aws:iam::777788889999:oidc-provider/oidc.eks.ap-southeast-2.amazonaws.com/id/5A6B7C8D9E0F"
      namespace_service_accounts = ["system:serviceaccount:monitoring:grafana"]
    }
  }
}
