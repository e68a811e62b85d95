# No version constraint: terraform init installs the newest release,
# where this submodule is gone since v6.0.0 (FL000); of the releases that
# have it, the newest v5 declares both inputs, though the early v5
# releases did not (the CloudWatch policy arrived in 5.33.0, the
# Karpenter controller inputs in 5.20.0). No input to report.
module "observability_irsa" {
  source = "terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts-eks" # want FL000 "Unreadable module subdirectory"

  role_name                              = "cloudwatch-agent"
  attach_cloudwatch_observability_policy = true
  attach_karpenter_controller_policy     = true
  karpenter_controller_cluster_name      = "harbor"

  oidc_providers = {
    main = {
      provider_arn               = "arn:aws:iam::111122223333:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/5C2F1A0B9D8E7F6A5B4C3D2E1F0A9B8C"
      namespace_service_accounts = ["amazon-cloudwatch:cloudwatch-agent"]
    }
  }
}
