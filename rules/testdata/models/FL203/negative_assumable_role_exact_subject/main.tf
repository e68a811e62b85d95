# The role is meant for the external-secrets controller in its own
# namespace: the subject is written out in full.
module "external_secrets_role" {
  source  = "terraform-aws-modules/iam/aws//modules/iam-assumable-role-with-oidc"
  version = "~> 5.44"

  create_role   = true
  role_name     = "meadow-external-secrets"
  provider_urls = ["https://oidc.eks.ca-central-1.amazonaws.com/id/44AA55BB66CC77DD88EE99FF00AA11BB"]

  oidc_fully_qualified_subjects  = ["system:serviceaccount:external-secrets:external-secrets"]
  oidc_fully_qualified_audiences = ["sts.amazonaws.com"]
}
