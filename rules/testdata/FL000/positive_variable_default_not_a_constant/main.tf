locals {
  team = "search"
}

# A default is a constant: Terraform refuses a reference or a function
# call there when it loads the configuration.
variable "chart_values" {
  type    = string
  default = "${path.module}/values/indexer.yaml" # want FL000 `Variables not allowed: Variables may not be used here.`
}

variable "release_name" {
  type    = string
  default = local.team # want FL000 `Variables not allowed: Variables may not be used here.`
}

variable "namespace" {
  type    = string
  default = lower("SEARCH") # want FL000 `Function calls not allowed: Functions may not be called here.`
}

variable "replicas" {
  type    = number
  default = 2
}
