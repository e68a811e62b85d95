include "root" {
  path = find_in_parent_folders("root.hcl")
}

# Moved to the v6 line with the other IAM units; this submodule did not
# survive v6.0.0, so terragrunt's terraform init fails here.
terraform {
  source = "tfr:///terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts-eks?version=6.2.0" # want FL000 `Unreadable module subdirectory: The target submodule modules/iam-role-for-service-accounts-eks does not exist within the target module terraform-aws-modules/iam/aws from v6.0.0 on`
}

inputs = {
  role_name = "prod-ingress"
  oidc_providers = {
    prod = {
      provider_arn               = "arn:aws:iam::246802468024:oidc-provider/oidc.eks.eu-north-1.amazonaws.com/id/2468ACE02468ACE02468ACE02468ACE0"
      namespace_service_accounts = ["ingress:ingress-nginx"]
    }
  }
}
