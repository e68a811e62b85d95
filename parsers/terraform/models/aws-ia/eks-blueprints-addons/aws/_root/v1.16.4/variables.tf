# Variables of variables.tf at tags v1.16.4..v1.24.3 (names, types and defaults; descriptions left out).

variable "argo_events" {
  type    = any
  default = {}
}

variable "argo_rollouts" {
  type    = any
  default = {}
}

variable "argo_workflows" {
  type    = any
  default = {}
}

variable "argocd" {
  type    = any
  default = {}
}

variable "aws_cloudwatch_metrics" {
  type    = any
  default = {}
}

variable "aws_efs_csi_driver" {
  type    = any
  default = {}
}

variable "aws_for_fluentbit" {
  type    = any
  default = {}
}

variable "aws_for_fluentbit_cw_log_group" {
  type    = any
  default = {}
}

variable "aws_fsx_csi_driver" {
  type    = any
  default = {}
}

variable "aws_gateway_api_controller" {
  type    = any
  default = {}
}

variable "aws_load_balancer_controller" {
  type    = any
  default = {}
}

variable "aws_node_termination_handler" {
  type    = any
  default = {}
}

variable "aws_node_termination_handler_asg_arns" {
  type    = list(string)
  default = []
}

variable "aws_node_termination_handler_asg_names" {
  type    = list(string)
  default = []
}

variable "aws_node_termination_handler_sqs" {
  type    = any
  default = {}
}

variable "aws_privateca_issuer" {
  type    = any
  default = {}
}

variable "bottlerocket_shadow" {
  type    = any
  default = {}
}

variable "bottlerocket_update_operator" {
  type    = any
  default = {}
}

variable "cert_manager" {
  type    = any
  default = {}
}

variable "cert_manager_route53_hosted_zone_arns" {
  type    = list(string)
  default = ["arn:aws:route53:::hostedzone/*"]
}

variable "cluster_autoscaler" {
  type    = any
  default = {}
}

variable "cluster_endpoint" {
  type = string
}

variable "cluster_name" {
  type = string
}

variable "cluster_proportional_autoscaler" {
  type    = any
  default = {}
}

variable "cluster_version" {
  type = string
}

variable "create_delay_dependencies" {
  type    = list(string)
  default = []
}

variable "create_delay_duration" {
  type    = string
  default = "30s"
}

variable "create_kubernetes_resources" {
  type    = bool
  default = true
}

variable "eks_addons" {
  type    = any
  default = {}
}

variable "eks_addons_timeouts" {
  type    = map(string)
  default = {}
}

variable "enable_argo_events" {
  type    = bool
  default = false
}

variable "enable_argo_rollouts" {
  type    = bool
  default = false
}

variable "enable_argo_workflows" {
  type    = bool
  default = false
}

variable "enable_argocd" {
  type    = bool
  default = false
}

variable "enable_aws_cloudwatch_metrics" {
  type    = bool
  default = false
}

variable "enable_aws_efs_csi_driver" {
  type    = bool
  default = false
}

variable "enable_aws_for_fluentbit" {
  type    = bool
  default = false
}

variable "enable_aws_fsx_csi_driver" {
  type    = bool
  default = false
}

variable "enable_aws_gateway_api_controller" {
  type    = bool
  default = false
}

variable "enable_aws_load_balancer_controller" {
  type    = bool
  default = false
}

variable "enable_aws_load_balancer_controller_aga" {
  type    = bool
  default = false
}

variable "enable_aws_node_termination_handler" {
  type    = bool
  default = false
}

variable "enable_aws_privateca_issuer" {
  type    = bool
  default = false
}

variable "enable_bottlerocket_update_operator" {
  type    = bool
  default = false
}

variable "enable_cert_manager" {
  type    = bool
  default = false
}

variable "enable_cluster_autoscaler" {
  type    = bool
  default = false
}

variable "enable_cluster_proportional_autoscaler" {
  type    = bool
  default = false
}

variable "enable_eks_fargate" {
  type    = bool
  default = false
}

variable "enable_external_dns" {
  type    = bool
  default = false
}

variable "enable_external_secrets" {
  type    = bool
  default = false
}

variable "enable_fargate_fluentbit" {
  type    = bool
  default = false
}

variable "enable_gatekeeper" {
  type    = bool
  default = false
}

variable "enable_ingress_nginx" {
  type    = bool
  default = false
}

variable "enable_karpenter" {
  type    = bool
  default = false
}

variable "enable_kube_prometheus_stack" {
  type    = bool
  default = false
}

variable "enable_metrics_server" {
  type    = bool
  default = false
}

variable "enable_secrets_store_csi_driver" {
  type    = bool
  default = false
}

variable "enable_secrets_store_csi_driver_provider_aws" {
  type    = bool
  default = false
}

variable "enable_velero" {
  type    = bool
  default = false
}

variable "enable_vpa" {
  type    = bool
  default = false
}

variable "external_dns" {
  type    = any
  default = {}
}

variable "external_dns_route53_zone_arns" {
  type    = list(string)
  default = []
}

variable "external_secrets" {
  type    = any
  default = {}
}

variable "external_secrets_kms_key_arns" {
  type    = list(string)
  default = ["arn:aws:kms:*:*:key/*"]
}

variable "external_secrets_secrets_manager_arns" {
  type    = list(string)
  default = ["arn:aws:secretsmanager:*:*:secret:*"]
}

variable "external_secrets_ssm_parameter_arns" {
  type    = list(string)
  default = ["arn:aws:ssm:*:*:parameter/*"]
}

variable "fargate_fluentbit" {
  type    = any
  default = {}
}

variable "fargate_fluentbit_cw_log_group" {
  type    = any
  default = {}
}

variable "gatekeeper" {
  type    = any
  default = {}
}

variable "helm_releases" {
  type    = any
  default = {}
}

variable "ingress_nginx" {
  type    = any
  default = {}
}

variable "karpenter" {
  type    = any
  default = {}
}

variable "karpenter_enable_instance_profile_creation" {
  type    = bool
  default = true
}

variable "karpenter_enable_spot_termination" {
  type    = bool
  default = true
}

variable "karpenter_node" {
  type    = any
  default = {}
}

variable "karpenter_sqs" {
  type    = any
  default = {}
}

variable "kube_prometheus_stack" {
  type    = any
  default = {}
}

variable "metrics_server" {
  type    = any
  default = {}
}

variable "observability_tag" {
  type    = string
  default = "qs-1ubotj5kl"
}

variable "oidc_provider_arn" {
  type = string
}

variable "secrets_store_csi_driver" {
  type    = any
  default = {}
}

variable "secrets_store_csi_driver_provider_aws" {
  type    = any
  default = {}
}

variable "tags" {
  type    = map(string)
  default = {}
}

variable "velero" {
  type    = any
  default = {}
}

variable "vpa" {
  type    = any
  default = {}
}

# Inputs not declared by every version this directory models: the
# versions that declare each one (any constraint of the list).
locals {
  faultline_input_versions = {
    aws_node_termination_handler_asg_names  = [">= 1.22.0"]
    enable_aws_load_balancer_controller_aga = [">= 1.24.0"]
    observability_tag                       = [">= 1.18.0"]
  }
}
