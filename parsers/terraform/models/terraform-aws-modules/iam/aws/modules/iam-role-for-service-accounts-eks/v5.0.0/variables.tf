# Variables of modules/iam-role-for-service-accounts-eks/variables.tf at tags v5.0.0..v5.60.0 (names, types and defaults; descriptions left out).

variable "allow_self_assume_role" {
  type    = bool
  default = false
}

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
  default = ["arn:aws:route53:::hostedzone/*"]
}

variable "cluster_autoscaler_cluster_ids" {
  type    = list(string)
  default = []
}

variable "cluster_autoscaler_cluster_names" {
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

variable "enable_karpenter_instance_profile_creation" {
  type    = bool
  default = false
}

variable "external_dns_hosted_zone_arns" {
  type    = list(string)
  default = ["arn:aws:route53:::hostedzone/*"]
}

variable "external_secrets_kms_key_arns" {
  type    = list(string)
  default = ["arn:aws:kms:*:*:key/*"]
}

variable "external_secrets_secrets_manager_arns" {
  type    = list(string)
  default = ["arn:aws:secretsmanager:*:*:secret:*"]
}

variable "external_secrets_secrets_manager_create_permission" {
  type    = bool
  default = false
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

variable "fsx_openzfs_csi_service_role_arns" {
  type    = list(string)
  default = ["arn:aws:iam::*:role/aws-service-role/fsx.amazonaws.com/*"]
}

variable "karpenter_controller_cluster_id" {
  type    = string
  default = "*"
}

variable "karpenter_controller_cluster_name" {
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

variable "karpenter_sqs_queue_arn" {
  type    = string
  default = null
}

variable "karpenter_subnet_account_id" {
  type    = string
  default = ""
}

variable "karpenter_tag_key" {
  type    = string
  default = "karpenter.sh/discovery"
}

variable "load_balancer_controller_targetgroup_arns" {
  type    = list(string)
  default = ["arn:aws:elasticloadbalancing:*:*:targetgroup/*/*"]
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
  default = "/"
}

variable "role_permissions_boundary_arn" {
  type    = string
  default = null
}

variable "role_policy_arns" {
  type    = map(string)
  default = {}
}

variable "tags" {
  type    = map(any)
  default = {}
}

variable "velero_s3_bucket_arns" {
  type    = list(string)
  default = ["*"]
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
    allow_self_assume_role                             = [">= 5.5.0"]
    attach_aws_gateway_controller_policy               = [">= 5.20.0"]
    attach_cloudwatch_observability_policy             = [">= 5.33.0"]
    attach_fsx_openzfs_csi_policy                      = [">= 5.58.0"]
    attach_mountpoint_s3_csi_policy                    = [">= 5.36.0"]
    cluster_autoscaler_cluster_names                   = [">= 5.20.0"]
    enable_karpenter_instance_profile_creation         = [">= 5.32.0"]
    external_secrets_kms_key_arns                      = [">= 5.14.4"]
    external_secrets_secrets_manager_create_permission = [">= 5.29.0"]
    fsx_openzfs_csi_service_role_arns                  = [">= 5.58.0"]
    karpenter_controller_cluster_name                  = [">= 5.20.0"]
    karpenter_sqs_queue_arn                            = [">= 5.8.0"]
    load_balancer_controller_targetgroup_arns          = [">= 5.25.0"]
    mountpoint_s3_csi_bucket_arns                      = [">= 5.36.0"]
    mountpoint_s3_csi_kms_arns                         = [">= 5.41.0"]
    mountpoint_s3_csi_path_arns                        = [">= 5.36.0"]
    vpc_cni_enable_cloudwatch_logs                     = [">= 5.42.0"]
  }
}
