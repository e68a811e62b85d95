# Variables of modules/iam-assumable-role-with-oidc/variables.tf at tags v4.3.0..v5.43.0 (names, types and defaults; descriptions left out).

variable "allow_self_assume_role" {
  type    = bool
  default = false
}

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

variable "inline_policy_statements" {
  type    = any
  default = []
}

variable "max_session_duration" {
  type    = number
  default = 3600
}

variable "number_of_role_policy_arns" {
  type    = number
  default = null
}

variable "oidc_fully_qualified_audiences" {
  type    = set(string)
  default = []
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

# Inputs not declared by every version this directory models: the
# versions that declare each one (any constraint of the list).
locals {
  faultline_input_versions = {
    allow_self_assume_role   = [">= 5.5.0"]
    inline_policy_statements = [">= 5.40.0"]
  }
}
