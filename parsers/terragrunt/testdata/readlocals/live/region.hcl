# get_env without a default: faultline does not know this local.
locals {
  region = get_env("AWS_REGION")
}
