# The subnets were first a map by zone, then a list; the default was
# changed, the type was not. terraform validate refuses the default.
variable "private_subnets" {
  type    = map(string)
  default = ["10.20.1.0/24", "10.20.2.0/24"] # want FL000 `Invalid default value for variable: This default value is not compatible with the variable's type constraint: map of string required.`
}

variable "node_group" {
  type = object({
    instance_type = string
    min_size      = optional(number, 1)
  })
  default = { instance_types = ["m6i.large"] } # want FL000 `type constraint: attribute "instance_type" is required.`
}
