# Variables of modules/iam-role-for-service-accounts-eks/variables.tf at tags v4.21.1..v4.24.1 (names, types and defaults; descriptions left out).

variable "amazon_managed_service_prometheus_workspace_arns" {
  type    = list(string)
  default = ["*"]
}

variable "assume_role_condition_test" {
  type    = string
  default = "StringEquals"
}

variable "attach_amazon_managed_service_prometheus_policy" {
  type    = bool
  default = false
}

variable "attach_appmesh_controller_policy" {
  type    = bool
  default = false
}

variable "attach_appmesh_envoy_proxy_policy" {
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

variable "attach_karpenter_controller_policy" {
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
  default = ["arn:aws:route53:::hostedzone/*"]
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

variable "external_secrets_secrets_manager_arns" {
  type    = list(string)
  default = ["arn:aws:secretsmanager:*:*:secret:*"]
}

variable "external_secrets_ssm_parameter_arns" {
  type    = list(string)
  default = ["arn:aws:ssm:*:*:parameter/*"]
}

variable "force_detach_policies" {
  type    = bool
  default = true
}

variable "fsx_lustre_csi_service_role_arns" {
  type    = list(string)
  default = ["arn:aws:iam::*:role/aws-service-role/s3.data-source.lustre.fsx.amazonaws.com/*"]
}

variable "karpenter_controller_cluster_id" {
  type    = string
  default = "*"
}

variable "karpenter_controller_node_iam_role_arns" {
  type    = list(string)
  default = ["*"]
}

variable "karpenter_controller_ssm_parameter_arns" {
  type    = list(string)
  default = ["arn:aws:ssm:*:*:parameter/aws/service/*"]
}

variable "karpenter_subnet_account_id" {
  type    = string
  default = ""
}

variable "karpenter_tag_key" {
  type    = string
  default = "karpenter.sh/discovery"
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

variable "policy_name_prefix" {
  type    = string
  default = "AmazonEKS_"
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

variable "velero_s3_bucket_arns" {
  type    = list(string)
  default = ["*"]
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
    attach_velero_policy        = [">= 4.22.0"]
    karpenter_subnet_account_id = [">= 4.22.0"]
    policy_name_prefix          = [">= 4.24.0"]
    velero_s3_bucket_arns       = [">= 4.22.0"]
  }
}
