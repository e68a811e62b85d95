# Variables of modules/iam-assumable-role-with-oidc/variables.tf at tags v4.0.0..v4.2.0 (names, types and defaults; descriptions left out).

variable "aws_account_id" {
  type    = string
  default = ""
}

variable "create_role" {
  type    = bool
  default = false
}

variable "force_detach_policies" {
  type    = bool
  default = false
}

variable "max_session_duration" {
  type    = number
  default = 3600
}

variable "number_of_role_policy_arns" {
  type    = number
  default = null
}

variable "oidc_fully_qualified_subjects" {
  type    = set(string)
  default = []
}

variable "oidc_subjects_with_wildcards" {
  type    = set(string)
  default = []
}

variable "provider_url" {
  type    = string
  default = ""
}

variable "provider_urls" {
  type    = list(string)
  default = []
}

variable "role_description" {
  type    = string
  default = ""
}

variable "role_name" {
  type    = string
  default = null
}

variable "role_name_prefix" {
  type    = string
  default = null
}

variable "role_path" {
  type    = string
  default = "/"
}

variable "role_permissions_boundary_arn" {
  type    = string
  default = ""
}

variable "role_policy_arns" {
  type    = list(string)
  default = []
}

variable "tags" {
  type    = map(string)
  default = {}
}

