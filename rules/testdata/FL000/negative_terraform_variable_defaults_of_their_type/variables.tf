# Defaults Terraform takes (terraform validate passes): optional
# attributes filled from the type, a null default, a number written as a
# string (converted), an empty map, a list.
variable "node_group" {
  type = object({
    instance_type = string
    min_size      = optional(number, 1)
  })
  default = { instance_type = "m6i.large" }
}

variable "kms_key_arn" {
  type    = string
  default = null
}

variable "desired_size" {
  type    = number
  default = "2"
}

variable "tags" {
  type    = map(string)
  default = {}
}

variable "azs" {
  type    = list(string)
  default = ["eu-west-1a", "eu-west-1b"]
}
