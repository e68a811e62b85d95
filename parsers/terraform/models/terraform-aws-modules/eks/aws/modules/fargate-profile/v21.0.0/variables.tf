# Stand-in for terraform-aws-modules/eks/aws//modules/fargate-profile,
# versions 21.0.0 and later (read up to 21.19.0).
# Written for faultline, not copied: it declares the real module's inputs and
# creates, at the real resource addresses, only what faultline's rules read.
# Sources: github.com/terraform-aws-modules/terraform-aws-eks, modules/fargate-profile/
# variables.tf (names, types, defaults, nullable), outputs.tf (names) and
# main.tf (resources, counts, the values modelled) at tags v21.0.0 and v21.19.0.

variable "account_id" {
  type    = string
  default = ""
}

variable "cluster_ip_family" {
  type    = string
  default = "ipv4"
}

variable "cluster_name" {
  type    = string
  default = ""
}

variable "create" {
  type     = bool
  default  = true
  nullable = false
}

variable "create_iam_role" {
  type     = bool
  default  = true
  nullable = false
}

variable "create_iam_role_policy" {
  type     = bool
  default  = true
  nullable = false
}

variable "iam_role_additional_policies" {
  type     = map(string)
  default  = {}
  nullable = false
}

variable "iam_role_arn" {
  type    = string
  default = null
}

variable "iam_role_attach_cni_policy" {
  type     = bool
  default  = true
  nullable = false
}

variable "iam_role_description" {
  type     = string
  default  = "Fargate profile IAM role"
  nullable = false
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

variable "iam_role_policy_statements" {
  type = list(object({
    sid           = optional(string)
    actions       = optional(list(string))
    not_actions   = optional(list(string))
    effect        = optional(string)
    resources     = optional(list(string))
    not_resources = optional(list(string))
    principals = optional(list(object({
      type        = string
      identifiers = list(string)
    })))
    not_principals = optional(list(object({
      type        = string
      identifiers = list(string)
    })))
    condition = optional(list(object({
      test     = string
      values   = list(string)
      variable = string
    })))
  }))
  default = null
}

variable "iam_role_tags" {
  type     = map(string)
  default  = {}
  nullable = false
}

variable "iam_role_use_name_prefix" {
  type     = bool
  default  = true
  nullable = false
}

variable "name" {
  type     = string
  default  = ""
  nullable = false
}

variable "partition" {
  type    = string
  default = ""
}

variable "region" {
  type    = string
  default = null
}

variable "selectors" {
  type = list(object({
    labels    = optional(map(string))
    namespace = string
  }))
  default = null
}

variable "subnet_ids" {
  type     = list(string)
  default  = []
  nullable = false
}

variable "tags" {
  type     = map(string)
  default  = {}
  nullable = false
}

variable "timeouts" {
  type = object({
    create = optional(string)
    delete = optional(string)
  })
  default = null
}
