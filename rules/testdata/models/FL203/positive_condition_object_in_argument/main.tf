# The platform team hands the role's subject condition to the module as
# an object; the namespace part of the pattern was left open.
module "metrics_role" {
  source  = "terraform-aws-modules/iam/aws//modules/iam-assumable-role-with-oidc"
  version = "5.52.1"

  create_role                    = true
  role_name                      = "harbor-metrics"
  provider_url                   = "oidc.eks.eu-north-1.amazonaws.com/id/5E5E5E5E5E5E5E5E5E5E5E5E5E5E5E5E"
  oidc_fully_qualified_audiences = ["sts.amazonaws.com"]

  provider_trust_policy_conditions = [
    {
      test     = "StringLike"
      variable = "oidc.eks.eu-north-1.amazonaws.com/id/5E5E5E5E5E5E5E5E5E5E5E5E5E5E5E5E:sub"
      values = [
        "system:serviceaccount:monitoring:cloudwatch-exporter",
        "system:serviceaccount:*:metrics-reader", # want FL203 `lets service accounts of any namespace assume it: StringLike system:serviceaccount:\*:metrics-reader`
      ]
    }
  ]
}
