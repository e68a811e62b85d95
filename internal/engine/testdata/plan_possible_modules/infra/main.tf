# One node role per pool, from the caller's values; a legacy pool only
# where it is still enabled.
variable "pools" {
  type = map(string)
}

variable "legacy_enabled" {
  type = bool
}

module "pools" {
  source   = "./pool"
  for_each = var.pools
  name     = each.value
}

module "legacy" {
  source = "./pool"
  count  = var.legacy_enabled ? 1 : 0
  name   = "legacy"
}
