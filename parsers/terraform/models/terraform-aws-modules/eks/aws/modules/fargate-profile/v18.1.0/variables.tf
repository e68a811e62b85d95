# Stand-in for terraform-aws-modules/eks/aws//modules/fargate-profile,
# versions 18.1.0 up to (not including) 18.2.6.
# Written for faultline, not copied: it declares the real module's inputs and
# creates, at the real resource addresses, only what faultline's rules read.
# Sources: github.com/terraform-aws-modules/terraform-aws-eks, modules/fargate-profile/
# variables.tf (names, types, defaults, nullable), outputs.tf (names) and
# main.tf (resources, counts, the values modelled) at tags v18.1.0 and v18.2.5.

variable "cluster_ip_family" {
  type    = string
  default = null
}

variable "cluster_name" {
  type    = string
  default = null
}

variable "create" {
  type    = bool
  default = true
}

variable "create_iam_role" {
  type    = bool
  default = true
}

variable "iam_role_additional_policies" {
  type    = list(string)
  default = []
}

variable "iam_role_arn" {
  type    = string
  default = null
}

variable "iam_role_attach_cni_policy" {
  type    = bool
  default = true
}

variable "iam_role_description" {
  type    = string
  default = null
}

variable "iam_role_name" {
  type    = string
  default = ""
}

variable "iam_role_path" {
  type    = string
  default = null
}

variable "iam_role_permissions_boundary" {
  type    = string
  default = null
}

variable "iam_role_tags" {
  type    = map(string)
  default = {}
}

variable "iam_role_use_name_prefix" {
  type    = string
  default = true
}

variable "name" {
  type    = string
  default = ""
}

variable "selectors" {
  type    = any
  default = []
}

variable "subnet_ids" {
  type    = list(string)
  default = []
}

variable "tags" {
  type    = map(string)
  default = {}
}

variable "timeouts" {
  type    = map(string)
  default = {}
}
