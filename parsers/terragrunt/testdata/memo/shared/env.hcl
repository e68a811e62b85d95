# get_env without a default is a fresh unknown: one per unit.
locals {
  token = get_env("TOKEN")
}
