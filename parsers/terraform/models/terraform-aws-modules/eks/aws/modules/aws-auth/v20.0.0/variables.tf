# Stand-in for terraform-aws-modules/eks/aws//modules/aws-auth,
# versions 20.0.0 up to 20.37.2, the last release that has it.
# Written for faultline, not copied: it declares the real module's inputs and
# creates, at the real resource addresses, only what faultline's rules read.
# Sources: github.com/terraform-aws-modules/terraform-aws-eks, modules/aws-auth/
# variables.tf (names, types, defaults, nullable), outputs.tf (names) and
# main.tf (resources, counts, the values modelled) at tags v20.0.0 and v20.37.2.

variable "aws_auth_accounts" {
  type    = list(any)
  default = []
}

variable "aws_auth_roles" {
  type    = list(any)
  default = []
}

variable "aws_auth_users" {
  type    = list(any)
  default = []
}

variable "create" {
  type    = bool
  default = true
}

variable "create_aws_auth_configmap" {
  type    = bool
  default = false
}

variable "manage_aws_auth_configmap" {
  type    = bool
  default = true
}
