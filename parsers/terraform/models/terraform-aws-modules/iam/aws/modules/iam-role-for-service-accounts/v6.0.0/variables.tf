# Variables of modules/iam-role-for-service-accounts/variables.tf at tags v6.0.0..v6.5.0 (names, types and defaults; descriptions left out).

variable "amazon_managed_service_prometheus_workspace_arns" {
  type    = list(string)
  default = []
}

variable "attach_amazon_managed_service_prometheus_policy" {
  type    = bool
  default = false
}

variable "attach_aws_gateway_controller_policy" {
  type    = bool
  default = false
}

variable "attach_cert_manager_policy" {
  type    = bool
  default = false
}

variable "attach_cloudwatch_observability_policy" {
  type    = bool
  default = false
}

variable "attach_cluster_autoscaler_policy" {
  type    = bool
  default = false
}

variable "attach_ebs_csi_policy" {
  type    = bool
  default = false
}

variable "attach_efs_csi_policy" {
  type    = bool
  default = false
}

variable "attach_external_dns_policy" {
  type    = bool
  default = false
}

variable "attach_external_secrets_policy" {
  type    = bool
  default = false
}

variable "attach_fsx_lustre_csi_policy" {
  type    = bool
  default = false
}

variable "attach_fsx_openzfs_csi_policy" {
  type    = bool
  default = false
}

variable "attach_load_balancer_controller_policy" {
  type    = bool
  default = false
}

variable "attach_load_balancer_controller_targetgroup_binding_only_policy" {
  type    = bool
  default = false
}

variable "attach_mountpoint_s3_csi_policy" {
  type    = bool
  default = false
}

variable "attach_node_termination_handler_policy" {
  type    = bool
  default = false
}

variable "attach_velero_policy" {
  type    = bool
  default = false
}

variable "attach_vpc_cni_policy" {
  type    = bool
  default = false
}

variable "cert_manager_hosted_zone_arns" {
  type    = list(string)
  default = []
}

variable "cluster_autoscaler_cluster_names" {
  type    = list(string)
  default = []
}

variable "create" {
  type    = bool
  default = true
}

variable "create_inline_policy" {
  type    = bool
  default = false
}

variable "create_policy" {
  type    = bool
  default = true
}

variable "description" {
  type    = string
  default = null
}

variable "ebs_csi_kms_cmk_arns" {
  type    = list(string)
  default = []
}

variable "external_dns_hosted_zone_arns" {
  type    = list(string)
  default = []
}

variable "external_secrets_kms_key_arns" {
  type    = list(string)
  default = []
}

variable "external_secrets_secrets_manager_arns" {
  type    = list(string)
  default = []
}

variable "external_secrets_secrets_manager_create_permission" {
  type    = bool
  default = false
}

variable "external_secrets_ssm_parameter_arns" {
  type    = list(string)
  default = []
}

variable "fsx_lustre_csi_service_role_arns" {
  type    = list(string)
  default = ["arn:aws:iam::*:role/aws-service-role/s3.data-source.lustre.fsx.amazonaws.com/*"]
}

variable "fsx_openzfs_csi_service_role_arns" {
  type    = list(string)
  default = ["arn:aws:iam::*:role/aws-service-role/fsx.amazonaws.com/*"]
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

variable "load_balancer_controller_targetgroup_arns" {
  type    = list(string)
  default = []
}

variable "max_session_duration" {
  type    = number
  default = null
}

variable "mountpoint_s3_csi_bucket_arns" {
  type    = list(string)
  default = []
}

variable "mountpoint_s3_csi_kms_arns" {
  type    = list(string)
  default = []
}

variable "mountpoint_s3_csi_path_arns" {
  type    = list(string)
  default = []
}

variable "name" {
  type    = string
  default = ""
}

variable "node_termination_handler_sqs_queue_arns" {
  type    = list(string)
  default = []
}

variable "oidc_providers" {
  type    = any
  default = {}
}

variable "override_inline_policy_documents" {
  type    = list(string)
  default = []
}

variable "override_policy_documents" {
  type    = list(string)
  default = []
}

variable "path" {
  type    = string
  default = "/"
}

variable "permissions" {
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

variable "permissions_boundary" {
  type    = string
  default = null
}

variable "policies" {
  type    = map(string)
  default = {}
}

variable "policy_description" {
  type    = string
  default = null
}

variable "policy_name" {
  type    = string
  default = null
}

variable "policy_path" {
  type    = string
  default = null
}

variable "region" {
  type    = string
  default = null
}

variable "source_inline_policy_documents" {
  type    = list(string)
  default = []
}

variable "source_policy_documents" {
  type    = list(string)
  default = []
}

variable "tags" {
  type    = map(string)
  default = {}
}

variable "trust_condition_test" {
  type    = string
  default = "StringEquals"
}

variable "use_name_prefix" {
  type    = bool
  default = true
}

variable "velero_s3_bucket_arns" {
  type    = list(string)
  default = []
}

variable "vpc_cni_enable_cloudwatch_logs" {
  type    = bool
  default = false
}

variable "vpc_cni_enable_ipv4" {
  type    = bool
  default = false
}

variable "vpc_cni_enable_ipv6" {
  type    = bool
  default = false
}

# Inputs not declared by every version this directory models: the
# versions that declare each one (any constraint of the list).
locals {
  faultline_input_versions = {
    region = [">= 6.2.3"]
  }
}
