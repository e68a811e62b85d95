# Copied from a Terraform 0.11 module: quoted type names, which every
# Terraform since 0.12 refuses when it loads the module.
variable "subnets" {
  type = "list" # want FL000 `Invalid quoted type constraints: .*Remove the quotes around "list" and write list\(string\) instead`
}

variable "tags" {
  type    = "map" # want FL000 `Invalid quoted type constraints: .*Remove the quotes around "map" and write map\(string\) instead`
  default = {}
}

variable "name" {
  type    = "string" # want FL000 `Invalid quoted type constraints: .*Remove the quotes around "string"\.$`
  default = "nat"
}

variable "count_per_zone" {
  type    = "number" # want FL000 `Invalid legacy variable type hint: To provide a full type expression, remove the surrounding quotes`
  default = 1
}

# Written as Terraform writes types now: nothing to report.
variable "zones" {
  type    = list(string)
  default = []
}
