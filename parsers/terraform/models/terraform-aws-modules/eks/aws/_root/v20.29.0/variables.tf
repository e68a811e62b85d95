# Variables of terraform-aws-modules/eks/aws v20.0.1 to v20.37.2 (variables.tf at both
# tags): names, one-line types and defaults, by scripts/model-variables.py.

variable "create" {
  type    = bool
  default = true
}

variable "tags" {
  type    = map(string)
  default = {}
}

variable "prefix_separator" {
  type    = string
  default = "-"
}

variable "cluster_name" {
  type    = string
  default = ""
}

variable "cluster_version" {
  type    = string
  default = null
}

variable "cluster_enabled_log_types" {
  type    = list(string)
  default = ["audit", "api", "authenticator"]
}

variable "authentication_mode" {
  type    = string
  default = "API_AND_CONFIG_MAP"
}

variable "cluster_additional_security_group_ids" {
  type    = list(string)
  default = []
}

variable "control_plane_subnet_ids" {
  type    = list(string)
  default = []
}

variable "subnet_ids" {
  type    = list(string)
  default = []
}

variable "cluster_endpoint_private_access" {
  type    = bool
  default = true
}

variable "cluster_endpoint_public_access" {
  type    = bool
  default = false
}

variable "cluster_endpoint_public_access_cidrs" {
  type    = list(string)
  default = ["0.0.0.0/0"]
}

variable "cluster_ip_family" {
  type    = string
  default = "ipv4"
}

variable "cluster_service_ipv4_cidr" {
  type    = string
  default = null
}

variable "cluster_service_ipv6_cidr" {
  type    = string
  default = null
}

variable "outpost_config" {
  type    = any
  default = {}
}

variable "cluster_encryption_config" {
  type = any
  default = {
    resources = ["secrets"]
  }
}

variable "attach_cluster_encryption_policy" {
  type    = bool
  default = true
}

variable "cluster_tags" {
  type    = map(string)
  default = {}
}

variable "create_cluster_primary_security_group_tags" {
  type    = bool
  default = true
}

variable "cluster_timeouts" {
  type    = map(string)
  default = {}
}

variable "access_entries" {
  type    = any
  default = {}
}

variable "enable_cluster_creator_admin_permissions" {
  type    = bool
  default = false
}

variable "create_kms_key" {
  type    = bool
  default = true
}

variable "kms_key_description" {
  type    = string
  default = null
}

variable "kms_key_deletion_window_in_days" {
  type    = number
  default = null
}

variable "enable_kms_key_rotation" {
  type    = bool
  default = true
}

variable "kms_key_enable_default_policy" {
  type    = bool
  default = true
}

variable "kms_key_owners" {
  type    = list(string)
  default = []
}

variable "kms_key_administrators" {
  type    = list(string)
  default = []
}

variable "kms_key_users" {
  type    = list(string)
  default = []
}

variable "kms_key_service_users" {
  type    = list(string)
  default = []
}

variable "kms_key_source_policy_documents" {
  type    = list(string)
  default = []
}

variable "kms_key_override_policy_documents" {
  type    = list(string)
  default = []
}

variable "kms_key_aliases" {
  type    = list(string)
  default = []
}

variable "create_cloudwatch_log_group" {
  type    = bool
  default = true
}

variable "cloudwatch_log_group_retention_in_days" {
  type    = number
  default = 90
}

variable "cloudwatch_log_group_kms_key_id" {
  type    = string
  default = null
}

variable "cloudwatch_log_group_class" {
  type    = string
  default = null
}

variable "cloudwatch_log_group_tags" {
  type    = map(string)
  default = {}
}

variable "create_cluster_security_group" {
  type    = bool
  default = true
}

variable "cluster_security_group_id" {
  type    = string
  default = ""
}

variable "vpc_id" {
  type    = string
  default = null
}

variable "cluster_security_group_name" {
  type    = string
  default = null
}

variable "cluster_security_group_use_name_prefix" {
  type    = bool
  default = true
}

variable "cluster_security_group_description" {
  type    = string
  default = "EKS cluster security group"
}

variable "cluster_security_group_additional_rules" {
  type    = any
  default = {}
}

variable "cluster_security_group_tags" {
  type    = map(string)
  default = {}
}

variable "create_cni_ipv6_iam_policy" {
  type    = bool
  default = false
}

variable "create_node_security_group" {
  type    = bool
  default = true
}

variable "node_security_group_id" {
  type    = string
  default = ""
}

variable "node_security_group_name" {
  type    = string
  default = null
}

variable "node_security_group_use_name_prefix" {
  type    = bool
  default = true
}

variable "node_security_group_description" {
  type    = string
  default = "EKS node shared security group"
}

variable "node_security_group_additional_rules" {
  type    = any
  default = {}
}

variable "node_security_group_enable_recommended_rules" {
  type    = bool
  default = true
}

variable "node_security_group_tags" {
  type    = map(string)
  default = {}
}

variable "enable_irsa" {
  type    = bool
  default = true
}

variable "openid_connect_audiences" {
  type    = list(string)
  default = []
}

variable "include_oidc_root_ca_thumbprint" {
  type    = bool
  default = true
}

variable "custom_oidc_thumbprints" {
  type    = list(string)
  default = []
}

variable "create_iam_role" {
  type    = bool
  default = true
}

variable "iam_role_arn" {
  type    = string
  default = null
}

variable "iam_role_name" {
  type    = string
  default = null
}

variable "iam_role_use_name_prefix" {
  type    = bool
  default = true
}

variable "iam_role_path" {
  type    = string
  default = null
}

variable "iam_role_description" {
  type    = string
  default = null
}

variable "iam_role_permissions_boundary" {
  type    = string
  default = null
}

variable "iam_role_additional_policies" {
  type    = map(string)
  default = {}
}

variable "iam_role_tags" {
  type    = map(string)
  default = {}
}

variable "cluster_encryption_policy_use_name_prefix" {
  type    = bool
  default = true
}

variable "cluster_encryption_policy_name" {
  type    = string
  default = null
}

variable "cluster_encryption_policy_description" {
  type    = string
  default = "Cluster encryption policy to allow cluster role to utilize CMK provided"
}

variable "cluster_encryption_policy_path" {
  type    = string
  default = null
}

variable "cluster_encryption_policy_tags" {
  type    = map(string)
  default = {}
}

variable "dataplane_wait_duration" {
  type    = string
  default = "30s"
}

variable "cluster_addons" {
  type    = any
  default = {}
}

variable "cluster_addons_timeouts" {
  type    = map(string)
  default = {}
}

variable "cluster_identity_providers" {
  type    = any
  default = {}
}

variable "fargate_profiles" {
  type    = any
  default = {}
}

variable "fargate_profile_defaults" {
  type    = any
  default = {}
}

variable "self_managed_node_groups" {
  type    = any
  default = {}
}

variable "self_managed_node_group_defaults" {
  type    = any
  default = {}
}

variable "eks_managed_node_groups" {
  type    = any
  default = {}
}

variable "eks_managed_node_group_defaults" {
  type    = any
  default = {}
}

variable "putin_khuylo" {
  type    = bool
  default = true
}

variable "cluster_force_update_version" {
  type    = bool
  default = null
}

variable "cluster_compute_config" {
  type    = any
  default = {}
}

variable "cluster_upgrade_policy" {
  type    = any
  default = {}
}

variable "cluster_remote_network_config" {
  type    = any
  default = {}
}

variable "cluster_zonal_shift_config" {
  type    = any
  default = {}
}

variable "bootstrap_self_managed_addons" {
  type    = bool
  default = null
}

variable "enable_efa_support" {
  type    = bool
  default = false
}

variable "enable_security_groups_for_pods" {
  type    = bool
  default = true
}

variable "enable_auto_mode_custom_tags" {
  type    = bool
  default = true
}

variable "create_node_iam_role" {
  type    = bool
  default = true
}

variable "node_iam_role_name" {
  type    = string
  default = null
}

variable "node_iam_role_use_name_prefix" {
  type    = bool
  default = true
}

variable "node_iam_role_path" {
  type    = string
  default = null
}

variable "node_iam_role_description" {
  type    = string
  default = null
}

variable "node_iam_role_permissions_boundary" {
  type    = string
  default = null
}

variable "node_iam_role_additional_policies" {
  type    = map(string)
  default = {}
}

variable "node_iam_role_tags" {
  type    = map(string)
  default = {}
}
