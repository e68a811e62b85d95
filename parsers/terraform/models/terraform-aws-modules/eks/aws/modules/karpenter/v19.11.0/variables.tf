# Stand-in for terraform-aws-modules/eks/aws//modules/karpenter,
# versions 19.11.0 up to (not including) 19.14.0.
# Written for faultline, not copied: it declares the real module's inputs and
# creates, at the real resource addresses, only what faultline's rules read.
# Sources: github.com/terraform-aws-modules/terraform-aws-eks, modules/karpenter/
# variables.tf (names, types, defaults, nullable), outputs.tf (names) and
# main.tf (resources, counts, the values modelled) at tags v19.11.0 and v19.13.1.

variable "cluster_ip_family" {
  type    = string
  default = null
}

variable "cluster_name" {
  type    = string
  default = ""
}

variable "create" {
  type    = bool
  default = true
}

variable "create_iam_role" {
  type    = bool
  default = true
}

variable "create_instance_profile" {
  type    = bool
  default = true
}

variable "create_irsa" {
  type    = bool
  default = true
}

variable "enable_spot_termination" {
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

variable "iam_role_max_session_duration" {
  type    = number
  default = null
}

variable "iam_role_name" {
  type    = string
  default = null
}

variable "iam_role_path" {
  type    = string
  default = "/"
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
  type    = bool
  default = true
}

variable "irsa_assume_role_condition_test" {
  type    = string
  default = "StringEquals"
}

variable "irsa_description" {
  type    = string
  default = "Karpenter IAM role for service account"
}

variable "irsa_max_session_duration" {
  type    = number
  default = null
}

variable "irsa_name" {
  type    = string
  default = null
}

variable "irsa_namespace_service_accounts" {
  type    = list(string)
  default = ["karpenter:karpenter"]
}

variable "irsa_oidc_provider_arn" {
  type    = string
  default = ""
}

variable "irsa_path" {
  type    = string
  default = "/"
}

variable "irsa_permissions_boundary_arn" {
  type    = string
  default = null
}

variable "irsa_policy_name" {
  type    = string
  default = null
}

variable "irsa_ssm_parameter_arns" {
  type    = list(string)
  default = ["arn:aws:ssm:*:*:parameter/aws/service/*"]
}

variable "irsa_subnet_account_id" {
  type    = string
  default = ""
}

variable "irsa_tag_key" {
  type    = string
  default = "karpenter.sh/discovery"
}

variable "irsa_tags" {
  type    = map(any)
  default = {}
}

variable "irsa_use_name_prefix" {
  type    = bool
  default = true
}

variable "policies" {
  type    = map(string)
  default = {}
}

variable "queue_kms_data_key_reuse_period_seconds" {
  type    = number
  default = null
}

variable "queue_kms_master_key_id" {
  type    = string
  default = null
}

variable "queue_managed_sse_enabled" {
  type    = bool
  default = true
}

variable "queue_name" {
  type    = string
  default = null
}

variable "rule_name_prefix" {
  type    = string
  default = "Karpenter"
}

variable "tags" {
  type    = map(string)
  default = {}
}
