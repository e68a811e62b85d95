# Variables of terraform-aws-modules/eks/aws v21.0.0 to v21.19.0 (variables.tf at both
# tags): names, one-line types and defaults, by scripts/model-variables.py.

variable "create" {
  type    = bool
  default = true
}

variable "prefix_separator" {
  type    = string
  default = "-"
}

variable "region" {
  type    = string
  default = null
}

variable "tags" {
  type    = map(string)
  default = {}
}

variable "name" {
  type    = string
  default = ""
}

variable "kubernetes_version" {
  type    = string
  default = null
}

variable "enabled_log_types" {
  type    = list(string)
  default = ["audit", "api", "authenticator"]
}

variable "force_update_version" {
  type    = bool
  default = null
}

variable "authentication_mode" {
  type    = string
  default = "API_AND_CONFIG_MAP"
}

variable "compute_config" {
  default = null
}

variable "upgrade_policy" {
  default = null
}

variable "remote_network_config" {
  default = null
}

variable "zonal_shift_config" {
  default = null
}

variable "additional_security_group_ids" {
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

variable "endpoint_private_access" {
  type    = bool
  default = true
}

variable "endpoint_public_access" {
  type    = bool
  default = false
}

variable "endpoint_public_access_cidrs" {
  type    = list(string)
  default = ["0.0.0.0/0"]
}

variable "ip_family" {
  type    = string
  default = "ipv4"
}

variable "service_ipv4_cidr" {
  type    = string
  default = null
}

variable "service_ipv6_cidr" {
  type    = string
  default = null
}

variable "outpost_config" {
  default = null
}

variable "encryption_config" {
  default = {}
}

variable "attach_encryption_policy" {
  type    = bool
  default = true
}

variable "cluster_tags" {
  type    = map(string)
  default = {}
}

variable "create_primary_security_group_tags" {
  type    = bool
  default = true
}

variable "timeouts" {
  default = null
}

variable "access_entries" {
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

variable "create_security_group" {
  type    = bool
  default = true
}

variable "security_group_id" {
  type    = string
  default = ""
}

variable "vpc_id" {
  type    = string
  default = null
}

variable "security_group_name" {
  type    = string
  default = null
}

variable "security_group_use_name_prefix" {
  type    = bool
  default = true
}

variable "security_group_description" {
  type    = string
  default = "EKS cluster security group"
}

variable "security_group_additional_rules" {
  default = {}
}

variable "security_group_tags" {
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

variable "encryption_policy_use_name_prefix" {
  type    = bool
  default = true
}

variable "encryption_policy_name" {
  type    = string
  default = null
}

variable "encryption_policy_description" {
  type    = string
  default = "Cluster encryption policy to allow cluster role to utilize CMK provided"
}

variable "encryption_policy_path" {
  type    = string
  default = null
}

variable "encryption_policy_tags" {
  type    = map(string)
  default = {}
}

variable "dataplane_wait_duration" {
  type    = string
  default = "30s"
}

variable "enable_auto_mode_custom_tags" {
  type    = bool
  default = true
}

variable "addons" {
  default = null
}

variable "addons_timeouts" {
  default = {}
}

variable "identity_providers" {
  default = null
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

variable "fargate_profiles" {
  default = null
}

variable "self_managed_node_groups" {
  default = null
}

variable "eks_managed_node_groups" {
  default = null
}

variable "putin_khuylo" {
  type    = bool
  default = true
}

variable "deletion_protection" {
  type    = bool
  default = null
}

variable "control_plane_scaling_config" {
  default = null
}

variable "kms_key_rotation_period_in_days" {
  type    = number
  default = null
}

variable "create_auto_mode_iam_resources" {
  type    = bool
  default = false
}
