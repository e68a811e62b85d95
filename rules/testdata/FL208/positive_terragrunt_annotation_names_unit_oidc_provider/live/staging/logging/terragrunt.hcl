terraform {
  source = "../../../modules/logging"
}

dependency "platform" {
  config_path = "../platform"
}

inputs = {
  # Meant to be the shipper's role; the platform unit's provider ARN was
  # wired in instead.
  shipper_role_arn = dependency.platform.outputs.oidc_provider_arn
}
