variable "retention_days" {
  type = number
}

module "tables" {
  source         = "./tables"
  retention_days = var.retention_days
}
