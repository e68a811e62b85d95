# Variables of terraform-aws-modules/eks/aws v17.0.0 to v17.24.0 (variables.tf at both
# tags): names, one-line types and defaults, by scripts/model-variables.py.

variable "cluster_enabled_log_types" {
  type    = list(string)
  default = []
}

variable "cluster_log_kms_key_id" {
  type    = string
  default = ""
}

variable "cluster_log_retention_in_days" {
  type    = number
  default = 90
}

variable "cluster_name" {
  type    = string
  default = ""
}

variable "cluster_security_group_id" {
  type    = string
  default = ""
}

variable "cluster_version" {
  type    = string
  default = null
}

variable "kubeconfig_output_path" {
  type    = string
  default = "./"
}

variable "kubeconfig_file_permission" {
  type    = string
  default = "0600"
}

variable "write_kubeconfig" {
  type    = bool
  default = true
}

variable "manage_aws_auth" {
  type    = bool
  default = true
}

variable "aws_auth_additional_labels" {
  type    = map(string)
  default = {}
}

variable "map_accounts" {
  type    = list(string)
  default = []
}

variable "map_roles" {
  default = []
}

variable "map_users" {
  default = []
}

variable "subnets" {
  type    = list(string)
  default = []
}

variable "tags" {
  type    = map(string)
  default = {}
}

variable "vpc_id" {
  type    = string
  default = null
}

variable "worker_groups" {
  type    = any
  default = []
}

variable "workers_group_defaults" {
  type    = any
  default = {}
}

variable "worker_groups_launch_template" {
  type    = any
  default = []
}

variable "worker_security_group_id" {
  type    = string
  default = ""
}

variable "worker_ami_name_filter" {
  type    = string
  default = ""
}

variable "worker_ami_name_filter_windows" {
  type    = string
  default = ""
}

variable "worker_ami_owner_id" {
  type    = string
  default = "amazon"
}

variable "worker_ami_owner_id_windows" {
  type    = string
  default = "amazon"
}

variable "worker_additional_security_group_ids" {
  type    = list(string)
  default = []
}

variable "worker_sg_ingress_from_port" {
  type    = number
  default = 1025
}

variable "workers_additional_policies" {
  type    = list(string)
  default = []
}

variable "kubeconfig_aws_authenticator_command" {
  type    = string
  default = "aws-iam-authenticator"
}

variable "kubeconfig_aws_authenticator_command_args" {
  type    = list(string)
  default = []
}

variable "kubeconfig_aws_authenticator_additional_args" {
  type    = list(string)
  default = []
}

variable "kubeconfig_aws_authenticator_env_variables" {
  type    = map(string)
  default = {}
}

variable "kubeconfig_name" {
  type    = string
  default = ""
}

variable "cluster_create_timeout" {
  type    = string
  default = "30m"
}

variable "cluster_delete_timeout" {
  type    = string
  default = "15m"
}

variable "cluster_create_security_group" {
  type    = bool
  default = true
}

variable "worker_create_security_group" {
  type    = bool
  default = true
}

variable "worker_create_initial_lifecycle_hooks" {
  type    = bool
  default = false
}

variable "worker_create_cluster_primary_security_group_rules" {
  type    = bool
  default = false
}

variable "permissions_boundary" {
  type    = string
  default = null
}

variable "iam_path" {
  type    = string
  default = "/"
}

variable "cluster_create_endpoint_private_access_sg_rule" {
  type    = bool
  default = false
}

variable "cluster_endpoint_private_access_cidrs" {
  type    = list(string)
  default = null
}

variable "cluster_endpoint_private_access_sg" {
  type    = list(string)
  default = null
}

variable "cluster_endpoint_private_access" {
  type    = bool
  default = false
}

variable "cluster_endpoint_public_access" {
  type    = bool
  default = true
}

variable "cluster_endpoint_public_access_cidrs" {
  type    = list(string)
  default = ["0.0.0.0/0"]
}

variable "manage_cluster_iam_resources" {
  type    = bool
  default = true
}

variable "cluster_iam_role_name" {
  type    = string
  default = ""
}

variable "manage_worker_iam_resources" {
  type    = bool
  default = true
}

variable "workers_role_name" {
  type    = string
  default = ""
}

variable "attach_worker_cni_policy" {
  type    = bool
  default = true
}

variable "create_eks" {
  type    = bool
  default = true
}

variable "node_groups_defaults" {
  type    = any
  default = {}
}

variable "node_groups" {
  type    = any
  default = {}
}

variable "enable_irsa" {
  type    = bool
  default = false
}

variable "eks_oidc_root_ca_thumbprint" {
  type    = string
  default = "9e99a48a9960b14926bb7f3b02e22da2b0ab7280"
}

variable "cluster_encryption_config" {
  default = []
}

variable "fargate_profiles" {
  type    = any
  default = {}
}

variable "create_fargate_pod_execution_role" {
  type    = bool
  default = true
}

variable "fargate_pod_execution_role_name" {
  type    = string
  default = null
}

variable "cluster_service_ipv4_cidr" {
  type    = string
  default = null
}

variable "cluster_egress_cidrs" {
  type    = list(string)
  default = ["0.0.0.0/0"]
}

variable "workers_egress_cidrs" {
  type    = list(string)
  default = ["0.0.0.0/0"]
}

variable "default_platform" {
  type    = string
  default = "linux"
}

variable "fargate_subnets" {
  type    = list(string)
  default = []
}

variable "cluster_tags" {
  type    = map(string)
  default = {}
}

variable "kubeconfig_api_version" {
  type    = string
  default = "client.authentication.k8s.io/v1alpha1"
}

variable "cluster_update_timeout" {
  type    = string
  default = "60m"
}

variable "wait_for_cluster_timeout" {
  type    = number
  default = 300
}

variable "openid_connect_audiences" {
  type    = list(string)
  default = []
}
