terraform {
  source = "../../modules/reports"
}

dependency "identity" {
  config_path = "../identity"
}

# The account of the credentials Terragrunt runs with: this unit's own.
inputs = {
  issuer     = dependency.identity.outputs.issuer
  account_id = get_aws_account_id()
}
