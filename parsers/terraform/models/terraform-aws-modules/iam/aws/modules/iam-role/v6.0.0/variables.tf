# Variables of modules/iam-role/variables.tf at tags v6.0.0..v6.5.0 (names, types and defaults; descriptions left out).

variable "create" {
  type    = bool
  default = true
}

variable "create_inline_policy" {
  type    = bool
  default = false
}

variable "create_instance_profile" {
  type    = bool
  default = false
}

variable "description" {
  type    = string
  default = null
}

variable "enable_bitbucket_oidc" {
  type    = bool
  default = false
}

variable "enable_github_oidc" {
  type    = bool
  default = false
}

variable "enable_oidc" {
  type    = bool
  default = false
}

variable "enable_saml" {
  type    = bool
  default = false
}

variable "github_provider" {
  type    = string
  default = "token.actions.githubusercontent.com"
}

variable "inline_policy_permissions" {
  type = map(object({
    sid           = optional(string)
    actions       = optional(list(string))
    not_actions   = optional(list(string))
    effect        = optional(string, "Allow")
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
      variable = string
      values   = list(string)
    })))
  }))
  default = null
}

variable "max_session_duration" {
  type    = number
  default = null
}

variable "name" {
  type    = string
  default = null
}

variable "oidc_account_id" {
  type    = string
  default = null
}

variable "oidc_audiences" {
  type    = list(string)
  default = []
}

variable "oidc_provider_urls" {
  type    = list(string)
  default = []
}

variable "oidc_subjects" {
  type    = list(string)
  default = []
}

variable "oidc_wildcard_subjects" {
  type    = list(string)
  default = []
}

variable "override_inline_policy_documents" {
  type    = list(string)
  default = []
}

variable "path" {
  type    = string
  default = null
}

variable "permissions_boundary" {
  type    = string
  default = null
}

variable "policies" {
  type    = map(string)
  default = {}
}

variable "saml_endpoints" {
  type    = list(string)
  default = ["https://signin.aws.amazon.com/saml"]
}

variable "saml_provider_ids" {
  type    = list(string)
  default = []
}

variable "saml_trust_actions" {
  type    = list(string)
  default = []
}

variable "source_inline_policy_documents" {
  type    = list(string)
  default = []
}

variable "tags" {
  type    = map(string)
  default = {}
}

variable "trust_policy_conditions" {
  type = list(object({
    test     = string
    variable = string
    values   = list(string)
  }))
  default = []
}

variable "trust_policy_permissions" {
  type = map(object({
    sid           = optional(string)
    actions       = optional(list(string))
    not_actions   = optional(list(string))
    effect        = optional(string, "Allow")
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
      variable = string
      values   = list(string)
    })))
  }))
  default = null
}

variable "use_name_prefix" {
  type    = bool
  default = true
}

