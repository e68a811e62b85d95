# Variables of aws-ia/eks-blueprints-addon/aws v1.0.0 to v1.1.1 and the repository's
# newest commit (variables.tf at each): names, one-line types and defaults, by
# scripts/model-variables.py.

variable "create" {
  type = bool
  default = true
}

variable "tags" {
  type = map(string)
  default = {}
}

variable "create_release" {
  type = bool
  default = true
}

variable "name" {
  type = string
  default = ""
}

variable "description" {
  type = string
  default = null
}

variable "namespace" {
  type = string
  default = null
}

variable "create_namespace" {
  type = bool
  default = null
}

variable "chart" {
  type = string
  default = ""
}

variable "chart_version" {
  type = string
  default = null
}

variable "repository" {
  type = string
  default = null
}

variable "values" {
  type = list(string)
  default = null
}

variable "timeout" {
  type = number
  default = null
}

variable "repository_key_file" {
  type = string
  default = null
}

variable "repository_cert_file" {
  type = string
  default = null
}

variable "repository_ca_file" {
  type = string
  default = null
}

variable "repository_username" {
  type = string
  default = null
}

variable "repository_password" {
  type = string
  default = null
}

variable "devel" {
  type = bool
  default = null
}

variable "verify" {
  type = bool
  default = null
}

variable "keyring" {
  type = string
  default = null
}

variable "disable_webhooks" {
  type = bool
  default = null
}

variable "reuse_values" {
  type = bool
  default = null
}

variable "reset_values" {
  type = bool
  default = null
}

variable "force_update" {
  type = bool
  default = null
}

variable "recreate_pods" {
  type = bool
  default = null
}

variable "cleanup_on_fail" {
  type = bool
  default = null
}

variable "max_history" {
  type = number
  default = null
}

variable "atomic" {
  type = bool
  default = null
}

variable "skip_crds" {
  type = bool
  default = null
}

variable "render_subchart_notes" {
  type = bool
  default = null
}

variable "disable_openapi_validation" {
  type = bool
  default = null
}

variable "wait" {
  type = bool
  default = false
}

variable "wait_for_jobs" {
  type = bool
  default = null
}

variable "dependency_update" {
  type = bool
  default = null
}

variable "replace" {
  type = bool
  default = null
}

variable "lint" {
  type = bool
  default = null
}

variable "postrender" {
  type = any
  default = {}
}

variable "set" {
  type = any
  default = []
}

variable "set_sensitive" {
  type = any
  default = []
}

variable "set_irsa_names" {
  type = list(string)
  default = []
}

variable "create_role" {
  type = bool
  default = false
}

variable "role_name" {
  type = string
  default = null
}

variable "role_name_use_prefix" {
  type = bool
  default = true
}

variable "role_path" {
  type = string
  default = "/"
}

variable "role_permissions_boundary_arn" {
  type = string
  default = null
}

variable "role_description" {
  type = string
  default = null
}

variable "role_policies" {
  type = map(string)
  default = {}
}

variable "oidc_providers" {
  type = any
  default = {}
}

variable "max_session_duration" {
  type = number
  default = null
}

variable "assume_role_condition_test" {
  type = string
  default = "StringEquals"
}

variable "allow_self_assume_role" {
  type = bool
  default = false
}

variable "create_policy" {
  type = bool
  default = true
}

variable "source_policy_documents" {
  type = list(string)
  default = []
}

variable "override_policy_documents" {
  type = list(string)
  default = []
}

variable "policy_statements" {
  type = any
  default = []
}

variable "policy_name" {
  type = string
  default = null
}

variable "policy_name_use_prefix" {
  type = bool
  default = true
}

variable "policy_path" {
  type = string
  default = null
}

variable "policy_description" {
  type = string
  default = null
}

variable "trust_policy_statements" {
  default = null
}
