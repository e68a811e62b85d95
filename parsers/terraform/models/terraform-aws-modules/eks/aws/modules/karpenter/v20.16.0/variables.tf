# Stand-in for terraform-aws-modules/eks/aws//modules/karpenter,
# versions 20.16.0 up to (not including) 20.24.0.
# Written for faultline, not copied: it declares the real module's inputs and
# creates, at the real resource addresses, only what faultline's rules read.
# Sources: github.com/terraform-aws-modules/terraform-aws-eks, modules/karpenter/
# variables.tf (names, types, defaults, nullable), outputs.tf (names) and
# main.tf (resources, counts, the values modelled) at tags v20.16.0 and v20.23.0.

variable "access_entry_type" {
  type    = string
  default = "EC2_LINUX"
}

variable "ami_id_ssm_parameter_arns" {
  type    = list(string)
  default = []
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
  type    = bool
  default = true
}

variable "create_access_entry" {
  type    = bool
  default = true
}

variable "create_iam_role" {
  type    = bool
  default = true
}

variable "create_instance_profile" {
  type    = bool
  default = false
}

variable "create_node_iam_role" {
  type    = bool
  default = true
}

variable "create_pod_identity_association" {
  type    = bool
  default = false
}

variable "enable_irsa" {
  type    = bool
  default = false
}

variable "enable_pod_identity" {
  type    = bool
  default = true
}

variable "enable_spot_termination" {
  type    = bool
  default = true
}

variable "iam_policy_description" {
  type    = string
  default = "Karpenter controller IAM policy"
}

variable "iam_policy_name" {
  type    = string
  default = "KarpenterController"
}

variable "iam_policy_path" {
  type    = string
  default = "/"
}

variable "iam_policy_statements" {
  type    = any
  default = []
}

variable "iam_policy_use_name_prefix" {
  type    = bool
  default = true
}

variable "iam_role_description" {
  type    = string
  default = "Karpenter controller IAM role"
}

variable "iam_role_max_session_duration" {
  type    = number
  default = null
}

variable "iam_role_name" {
  type    = string
  default = "KarpenterController"
}

variable "iam_role_path" {
  type    = string
  default = "/"
}

variable "iam_role_permissions_boundary_arn" {
  type    = string
  default = null
}

variable "iam_role_policies" {
  type    = map(string)
  default = {}
}

variable "iam_role_tags" {
  type    = map(any)
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

variable "irsa_namespace_service_accounts" {
  type    = list(string)
  default = ["karpenter:karpenter"]
}

variable "irsa_oidc_provider_arn" {
  type    = string
  default = ""
}

variable "namespace" {
  type    = string
  default = "kube-system"
}

variable "node_iam_role_additional_policies" {
  type    = map(string)
  default = {}
}

variable "node_iam_role_arn" {
  type    = string
  default = null
}

variable "node_iam_role_attach_cni_policy" {
  type    = bool
  default = true
}

variable "node_iam_role_description" {
  type    = string
  default = null
}

variable "node_iam_role_max_session_duration" {
  type    = number
  default = null
}

variable "node_iam_role_name" {
  type    = string
  default = null
}

variable "node_iam_role_path" {
  type    = string
  default = "/"
}

variable "node_iam_role_permissions_boundary" {
  type    = string
  default = null
}

variable "node_iam_role_tags" {
  type    = map(string)
  default = {}
}

variable "node_iam_role_use_name_prefix" {
  type    = bool
  default = true
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

variable "service_account" {
  type    = string
  default = "karpenter"
}

variable "tags" {
  type    = map(string)
  default = {}
}
