# The role is meant for the external-secrets controller, wherever a team
# installs it: the namespace part of the subject is a wildcard.
module "external_secrets_role" {
  source  = "terraform-aws-modules/iam/aws//modules/iam-assumable-role-with-oidc"
  version = "~> 5.44"

  create_role   = true
  role_name     = "meadow-external-secrets"
  provider_urls = ["https://oidc.eks.ca-central-1.amazonaws.com/id/44AA55BB66CC77DD88EE99FF00AA11BB"]

  oidc_subjects_with_wildcards   = ["system:serviceaccount:*:external-secrets"] # want FL203 `any namespace`
  oidc_fully_qualified_audiences = ["sts.amazonaws.com"]
}
