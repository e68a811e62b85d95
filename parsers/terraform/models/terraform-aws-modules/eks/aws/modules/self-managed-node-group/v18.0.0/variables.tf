# Stand-in for terraform-aws-modules/eks/aws//modules/self-managed-node-group,
# versions 18.0.0 up to (not including) 18.1.0.
# Written for faultline, not copied: it declares the real module's inputs and
# creates, at the real resource addresses, only what faultline's rules read.
# Sources: github.com/terraform-aws-modules/terraform-aws-eks, modules/self-managed-node-group/
# variables.tf (names, types, defaults, nullable), outputs.tf (names) and
# main.tf (resources, counts, the values modelled) at tags v18.0.0 and v18.0.6.

variable "ami_id" {
  type    = string
  default = ""
}

variable "availability_zones" {
  type    = list(string)
  default = null
}

variable "block_device_mappings" {
  type    = any
  default = {}
}

variable "bootstrap_extra_args" {
  type    = string
  default = ""
}

variable "capacity_rebalance" {
  type    = bool
  default = null
}

variable "capacity_reservation_specification" {
  type    = any
  default = null
}

variable "cluster_auth_base64" {
  type    = string
  default = ""
}

variable "cluster_endpoint" {
  type    = string
  default = ""
}

variable "cluster_name" {
  type    = string
  default = null
}

variable "cluster_security_group_id" {
  type    = string
  default = null
}

variable "cluster_version" {
  type    = string
  default = null
}

variable "cpu_options" {
  type    = map(string)
  default = null
}

variable "create" {
  type    = bool
  default = true
}

variable "create_iam_instance_profile" {
  type    = bool
  default = true
}

variable "create_launch_template" {
  type    = bool
  default = true
}

variable "create_schedule" {
  type    = bool
  default = true
}

variable "create_security_group" {
  type    = bool
  default = true
}

variable "credit_specification" {
  type    = map(string)
  default = null
}

variable "default_cooldown" {
  type    = number
  default = null
}

variable "delete_timeout" {
  type    = string
  default = null
}

variable "desired_size" {
  type    = number
  default = 1
}

variable "disable_api_termination" {
  type    = bool
  default = null
}

variable "ebs_optimized" {
  type    = bool
  default = null
}

variable "elastic_gpu_specifications" {
  type    = map(string)
  default = null
}

variable "elastic_inference_accelerator" {
  type    = map(string)
  default = null
}

variable "enable_monitoring" {
  type    = bool
  default = true
}

variable "enabled_metrics" {
  type    = list(string)
  default = null
}

variable "enclave_options" {
  type    = map(string)
  default = null
}

variable "force_delete" {
  type    = bool
  default = null
}

variable "health_check_grace_period" {
  type    = number
  default = null
}

variable "health_check_type" {
  type    = string
  default = null
}

variable "hibernation_options" {
  type    = map(string)
  default = null
}

variable "iam_instance_profile_arn" {
  type    = string
  default = null
}

variable "iam_role_additional_policies" {
  type    = list(string)
  default = []
}

variable "iam_role_attach_cni_policy" {
  type    = bool
  default = true
}

variable "iam_role_description" {
  type    = string
  default = null
}

variable "iam_role_name" {
  type    = string
  default = null
}

variable "iam_role_path" {
  type    = string
  default = null
}

variable "iam_role_permissions_boundary" {
  type    = string
  default = null
}

variable "iam_role_tags" {
  type    = map(string)
  default = {}
}

variable "iam_role_use_name_prefix" {
  type    = string
  default = true
}

variable "initial_lifecycle_hooks" {
  type    = list(map(string))
  default = []
}

variable "instance_initiated_shutdown_behavior" {
  type    = string
  default = null
}

variable "instance_market_options" {
  type    = any
  default = null
}

variable "instance_refresh" {
  type    = any
  default = null
}

variable "instance_type" {
  type    = string
  default = ""
}

variable "kernel_id" {
  type    = string
  default = null
}

variable "key_name" {
  type    = string
  default = null
}

variable "launch_template_default_version" {
  type    = string
  default = null
}

variable "launch_template_description" {
  type    = string
  default = null
}

variable "launch_template_name" {
  type    = string
  default = null
}

variable "launch_template_use_name_prefix" {
  type    = bool
  default = true
}

variable "launch_template_version" {
  type    = string
  default = null
}

variable "license_specifications" {
  type    = map(string)
  default = null
}

variable "max_instance_lifetime" {
  type    = number
  default = null
}

variable "max_size" {
  type    = number
  default = 3
}

variable "metadata_options" {
  type = map(string)
  default = {
    http_endpoint               = "enabled"
    http_tokens                 = "required"
    http_put_response_hop_limit = 2
  }
}

variable "metrics_granularity" {
  type    = string
  default = null
}

variable "min_elb_capacity" {
  type    = number
  default = null
}

variable "min_size" {
  type    = number
  default = 0
}

variable "mixed_instances_policy" {
  type    = any
  default = null
}

variable "name" {
  type    = string
  default = ""
}

variable "network_interfaces" {
  type    = list(any)
  default = []
}

variable "placement" {
  type    = map(string)
  default = null
}

variable "placement_group" {
  type    = string
  default = null
}

variable "platform" {
  type    = string
  default = "linux"
}

variable "post_bootstrap_user_data" {
  type    = string
  default = ""
}

variable "pre_bootstrap_user_data" {
  type    = string
  default = ""
}

variable "propagate_tags" {
  type    = list(map(string))
  default = []
}

variable "protect_from_scale_in" {
  type    = bool
  default = false
}

variable "ram_disk_id" {
  type    = string
  default = null
}

variable "schedules" {
  type    = map(any)
  default = {}
}

variable "security_group_description" {
  type    = string
  default = "EKS self-managed node group security group"
}

variable "security_group_name" {
  type    = string
  default = null
}

variable "security_group_rules" {
  type    = any
  default = {}
}

variable "security_group_tags" {
  type    = map(string)
  default = {}
}

variable "security_group_use_name_prefix" {
  type    = string
  default = true
}

variable "service_linked_role_arn" {
  type    = string
  default = null
}

variable "subnet_ids" {
  type    = list(string)
  default = null
}

variable "suspended_processes" {
  type    = list(string)
  default = null
}

variable "tags" {
  type    = map(string)
  default = {}
}

variable "target_group_arns" {
  type    = list(string)
  default = []
}

variable "termination_policies" {
  type    = list(string)
  default = null
}

variable "update_launch_template_default_version" {
  type    = bool
  default = true
}

variable "use_mixed_instances_policy" {
  type    = bool
  default = false
}

variable "use_name_prefix" {
  type    = bool
  default = true
}

variable "user_data_template_path" {
  type    = string
  default = ""
}

variable "vpc_id" {
  type    = string
  default = null
}

variable "vpc_security_group_ids" {
  type    = list(string)
  default = []
}

variable "wait_for_capacity_timeout" {
  type    = string
  default = null
}

variable "wait_for_elb_capacity" {
  type    = number
  default = null
}

variable "warm_pool" {
  type    = any
  default = null
}
