# Stand-in for terraform-aws-modules/eks/aws//modules/self-managed-node-group,
# versions 20.9.0 up to (not including) 20.12.0.
# Written for faultline, not copied: it declares the real module's inputs and
# creates, at the real resource addresses, only what faultline's rules read.
# Sources: github.com/terraform-aws-modules/terraform-aws-eks, modules/self-managed-node-group/
# variables.tf (names, types, defaults, nullable), outputs.tf (names) and
# main.tf (resources, counts, the values modelled) at tags v20.9.0 and v20.11.1.

variable "ami_id" {
  type    = string
  default = ""
}

variable "ami_type" {
  type    = string
  default = "AL2_x86_64"
}

variable "autoscaling_group_tags" {
  type    = map(string)
  default = {}
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
  default = {}
}

variable "cloudinit_post_nodeadm" {
  type = list(object({
    content      = string
    content_type = optional(string)
    filename     = optional(string)
    merge_type   = optional(string)
  }))
  default = []
}

variable "cloudinit_pre_nodeadm" {
  type = list(object({
    content      = string
    content_type = optional(string)
    filename     = optional(string)
    merge_type   = optional(string)
  }))
  default = []
}

variable "cluster_auth_base64" {
  type    = string
  default = ""
}

variable "cluster_endpoint" {
  type    = string
  default = ""
}

variable "cluster_ip_family" {
  type    = string
  default = "ipv4"
}

variable "cluster_name" {
  type    = string
  default = ""
}

variable "cluster_primary_security_group_id" {
  type    = string
  default = null
}

variable "cluster_service_cidr" {
  type    = string
  default = ""
}

variable "cluster_version" {
  type    = string
  default = null
}

variable "context" {
  type    = string
  default = null
}

variable "cpu_options" {
  type    = map(string)
  default = {}
}

variable "create" {
  type    = bool
  default = true
}

variable "create_access_entry" {
  type    = bool
  default = true
}

variable "create_autoscaling_group" {
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

variable "credit_specification" {
  type    = map(string)
  default = {}
}

variable "default_cooldown" {
  type    = number
  default = null
}

variable "default_instance_warmup" {
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
  type    = any
  default = {}
}

variable "elastic_inference_accelerator" {
  type    = map(string)
  default = {}
}

variable "enable_efa_support" {
  type    = bool
  default = false
}

variable "enable_monitoring" {
  type    = bool
  default = true
}

variable "enabled_metrics" {
  type    = list(string)
  default = []
}

variable "enclave_options" {
  type    = map(string)
  default = {}
}

variable "force_delete" {
  type    = bool
  default = null
}

variable "force_delete_warm_pool" {
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
  default = {}
}

variable "iam_instance_profile_arn" {
  type    = string
  default = null
}

variable "iam_role_additional_policies" {
  type    = map(string)
  default = {}
}

variable "iam_role_arn" {
  type    = string
  default = null
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
  type    = bool
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

variable "instance_maintenance_policy" {
  type    = any
  default = {}
}

variable "instance_market_options" {
  type    = any
  default = {}
}

variable "instance_refresh" {
  type = any
  default = {
    strategy = "Rolling"
    preferences = {
      min_healthy_percentage = 66
    }
  }
}

variable "instance_requirements" {
  type    = any
  default = {}
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

variable "launch_template_id" {
  type    = string
  default = ""
}

variable "launch_template_name" {
  type    = string
  default = null
}

variable "launch_template_tags" {
  type    = map(string)
  default = {}
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
  type    = any
  default = {}
}

variable "maintenance_options" {
  type    = any
  default = {}
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
  default = {}
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

variable "private_dns_name_options" {
  type    = map(string)
  default = {}
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
  default = []
}

variable "tag_specifications" {
  type    = list(string)
  default = ["instance", "volume", "network-interface"]
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
  default = []
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
  default = {}
}
