# The spot interruption handler is off until the team turns it on; its
# module renders the chart's values from a Terraform template.
variable "spot_handler_enabled" {
  type    = bool
  default = false
}

module "spot_handler" {
  source = "./modules/spot-handler"
  count  = var.spot_handler_enabled ? 1 : 0

  drain_labels = ["workload=batch"]
}
