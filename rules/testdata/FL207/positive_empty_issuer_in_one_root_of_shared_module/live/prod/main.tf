module "traces" {
  source            = "../../modules/traces"
  oidc_provider     = "oidc.eks.us-east-1.amazonaws.com/id/5C5C5C"
  oidc_provider_arn = "arn:aws:iam::909090909090:oidc-provider/oidc.eks.us-east-1.amazonaws.com/id/5C5C5C"
}
