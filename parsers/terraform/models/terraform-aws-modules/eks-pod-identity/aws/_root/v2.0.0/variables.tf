# Variables of variables.tf at tags v2.0.0..v2.8.1 (names, types and defaults; descriptions left out).

variable "additional_policy_arns" {
  type    = map(string)
  default = {}
}

variable "amazon_managed_service_prometheus_policy_name" {
  type    = string
  default = null
}

variable "amazon_managed_service_prometheus_workspace_arns" {
  type    = list(string)
  default = []
}

variable "appmesh_controller_policy_name" {
  type    = string
  default = null
}

variable "appmesh_envoy_proxy_policy_name" {
  type    = string
  default = null
}

variable "association_defaults" {
  type = object({
    cluster_name         = optional(string)
    disable_session_tags = optional(bool)
    namespace            = optional(string)
    service_account      = optional(string)
    role_arn             = optional(string)
    target_role_arn      = optional(string)
    tags                 = optional(map(string), {})
  })
  default = {}
}

variable "associations" {
  type = map(object({
    cluster_name         = optional(string)
    disable_session_tags = optional(bool)
    namespace            = optional(string)
    service_account      = optional(string)
    role_arn             = optional(string)
    target_role_arn      = optional(string)
    tags                 = optional(map(string), {})
  }))
  default = {}
}

variable "attach_amazon_managed_service_prometheus_policy" {
  type    = bool
  default = false
}

variable "attach_aws_appmesh_controller_policy" {
  type    = bool
  default = false
}

variable "attach_aws_appmesh_envoy_proxy_policy" {
  type    = bool
  default = false
}

variable "attach_aws_cloudwatch_observability_policy" {
  type    = bool
  default = false
}

variable "attach_aws_ebs_csi_policy" {
  type    = bool
  default = false
}

variable "attach_aws_efs_csi_policy" {
  type    = bool
  default = false
}

variable "attach_aws_fsx_lustre_csi_policy" {
  type    = bool
  default = false
}

variable "attach_aws_gateway_controller_policy" {
  type    = bool
  default = false
}

variable "attach_aws_lb_controller_policy" {
  type    = bool
  default = false
}

variable "attach_aws_lb_controller_targetgroup_binding_only_policy" {
  type    = bool
  default = false
}

variable "attach_aws_node_termination_handler_policy" {
  type    = bool
  default = false
}

variable "attach_aws_privateca_issuer_policy" {
  type    = bool
  default = false
}

variable "attach_aws_vpc_cni_policy" {
  type    = bool
  default = false
}

variable "attach_cert_manager_policy" {
  type    = bool
  default = false
}

variable "attach_cluster_autoscaler_policy" {
  type    = bool
  default = false
}

variable "attach_custom_policy" {
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

variable "attach_mountpoint_s3_csi_policy" {
  type    = bool
  default = false
}

variable "attach_pganalyze_policy" {
  type    = bool
  default = false
}

variable "attach_velero_policy" {
  type    = bool
  default = false
}

variable "aws_ebs_csi_kms_arns" {
  type    = list(string)
  default = []
}

variable "aws_ebs_csi_policy_name" {
  type    = string
  default = null
}

variable "aws_efs_csi_policy_name" {
  type    = string
  default = null
}

variable "aws_fsx_lustre_csi_policy_name" {
  type    = string
  default = null
}

variable "aws_fsx_lustre_csi_service_role_arns" {
  type    = list(string)
  default = []
}

variable "aws_gateway_controller_policy_name" {
  type    = string
  default = null
}

variable "aws_lb_controller_policy_name" {
  type    = string
  default = null
}

variable "aws_lb_controller_targetgroup_arns" {
  type    = list(string)
  default = []
}

variable "aws_lb_controller_targetgroup_only_policy_name" {
  type    = string
  default = null
}

variable "aws_node_termination_handler_policy_name" {
  type    = string
  default = null
}

variable "aws_node_termination_handler_sqs_queue_arns" {
  type    = list(string)
  default = []
}

variable "aws_privateca_issuer_acmca_arns" {
  type    = list(string)
  default = []
}

variable "aws_privateca_issuer_policy_name" {
  type    = string
  default = null
}

variable "aws_vpc_cni_enable_cloudwatch_logs" {
  type    = bool
  default = false
}

variable "aws_vpc_cni_enable_ipv4" {
  type    = bool
  default = false
}

variable "aws_vpc_cni_enable_ipv6" {
  type    = bool
  default = false
}

variable "aws_vpc_cni_policy_name" {
  type    = string
  default = null
}

variable "cert_manager_hosted_zone_arns" {
  type    = list(string)
  default = []
}

variable "cert_manager_policy_name" {
  type    = string
  default = null
}

variable "cluster_autoscaler_cluster_names" {
  type    = list(string)
  default = []
}

variable "cluster_autoscaler_policy_name" {
  type    = string
  default = null
}

variable "create" {
  type    = bool
  default = true
}

variable "custom_policy_description" {
  type    = string
  default = "Custom IAM Policy"
}

variable "description" {
  type    = string
  default = null
}

variable "external_dns_hosted_zone_arns" {
  type    = list(string)
  default = []
}

variable "external_dns_policy_name" {
  type    = string
  default = null
}

variable "external_secrets_create_permission" {
  type    = bool
  default = false
}

variable "external_secrets_kms_key_arns" {
  type    = list(string)
  default = []
}

variable "external_secrets_policy_name" {
  type    = string
  default = null
}

variable "external_secrets_secrets_manager_arns" {
  type    = list(string)
  default = []
}

variable "external_secrets_ssm_parameter_arns" {
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

variable "mountpoint_s3_csi_bucket_path_arns" {
  type    = list(string)
  default = []
}

variable "mountpoint_s3_csi_policy_name" {
  type    = string
  default = null
}

variable "name" {
  type    = string
  default = ""
}

variable "override_policy_documents" {
  type    = list(string)
  default = []
}

variable "path" {
  type    = string
  default = "/"
}

variable "permissions_boundary_arn" {
  type    = string
  default = null
}

variable "pganalyze_policy_name" {
  type    = string
  default = null
}

variable "policy_name_prefix" {
  type    = string
  default = "AmazonEKS_"
}

variable "policy_statements" {
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

variable "region" {
  type    = string
  default = null
}

variable "source_policy_documents" {
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
    values   = list(string)
    variable = string
  }))
  default = []
}

variable "trust_policy_statements" {
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

variable "use_name_prefix" {
  type    = string
  default = true
}

variable "velero_kms_arns" {
  type    = list(string)
  default = []
}

variable "velero_policy_name" {
  type    = string
  default = null
}

variable "velero_s3_bucket_arns" {
  type    = list(string)
  default = []
}

variable "velero_s3_bucket_path_arns" {
  type    = list(string)
  default = []
}

# Inputs not declared by every version this directory models: the
# versions that declare each one (any constraint of the list).
locals {
  faultline_input_versions = {
    attach_pganalyze_policy = [">= 2.4.0"]
    pganalyze_policy_name   = [">= 2.4.0"]
    velero_kms_arns         = [">= 2.1.0"]
  }
}
