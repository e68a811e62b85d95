# Variables of modules/iam-role-for-service-accounts-eks/variables.tf at tags v4.12.0..v4.13.2 (names, types and defaults; descriptions left out).

variable "attach_cluster_autoscaler_policy" {
  type    = bool
  default = false
}

variable "attach_ebs_csi_policy" {
  type    = bool
  default = false
}

variable "attach_external_dns_policy" {
  type    = bool
  default = false
}

variable "attach_karpenter_controller_policy" {
  type    = bool
  default = false
}

variable "attach_load_balancer_controller_policy" {
  type    = bool
  default = false
}

variable "attach_node_termination_handler_policy" {
  type    = bool
  default = false
}

variable "attach_vpc_cni_policy" {
  type    = bool
  default = false
}

variable "cluster_autoscaler_cluster_ids" {
  type    = list(string)
  default = []
}

variable "create_role" {
  type    = bool
  default = true
}

variable "ebs_csi_kms_cmk_ids" {
  type    = list(string)
  default = []
}

variable "external_dns_hosted_zone_arns" {
  type    = list(string)
  default = ["arn:aws:route53:::hostedzone/*"]
}

variable "force_detach_policies" {
  type    = bool
  default = true
}

variable "karpenter_controller_cluster_ids" {
  type    = list(string)
  default = []
}

variable "karpenter_controller_node_iam_role_arns" {
  type    = list(string)
  default = ["*"]
}

variable "karpenter_controller_ssm_parameter_arns" {
  type    = list(string)
  default = ["arn:aws:ssm:*:*:parameter/aws/service/*"]
}

variable "max_session_duration" {
  type    = number
  default = null
}

variable "node_termination_handler_sqs_queue_arns" {
  type    = list(string)
  default = ["*"]
}

variable "oidc_providers" {
  type    = any
  default = {}
}

variable "role_description" {
  type    = string
  default = null
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
  default = null
}

variable "role_permissions_boundary_arn" {
  type    = string
  default = null
}

variable "role_policy_arns" {
  type    = list(string)
  default = []
}

variable "tags" {
  type    = map(any)
  default = {}
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
    attach_load_balancer_controller_policy = [">= 4.13.0"]
  }
}
