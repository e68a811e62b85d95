# Stand-in for terraform-aws-modules/eks/aws//modules/eks-managed-node-group,
# versions 20.6.0 up to (not including) 20.7.0.
# Written for faultline, not copied: it declares the real module's inputs and
# creates, at the real resource addresses, only what faultline's rules read.
# Sources: github.com/terraform-aws-modules/terraform-aws-eks, modules/eks-managed-node-group/
# variables.tf (names, types, defaults, nullable), outputs.tf (names) and
# main.tf (resources, counts, the values modelled) at tags v20.6.0 and v20.6.0.

variable "ami_id" {
  type    = string
  default = ""
}

variable "ami_release_version" {
  type    = string
  default = null
}

variable "ami_type" {
  type    = string
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

variable "capacity_reservation_specification" {
  type    = any
  default = {}
}

variable "capacity_type" {
  type    = string
  default = "ON_DEMAND"
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
  default = null
}

variable "cluster_name" {
  type    = string
  default = null
}

variable "cluster_primary_security_group_id" {
  type    = string
  default = null
}

variable "cluster_service_cidr" {
  type    = string
  default = ""
}

variable "cluster_service_ipv4_cidr" {
  type    = string
  default = null
}

variable "cluster_version" {
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

variable "create_iam_role" {
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

variable "desired_size" {
  type    = number
  default = 1
}

variable "disable_api_termination" {
  type    = bool
  default = null
}

variable "disk_size" {
  type    = number
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

variable "enable_bootstrap_user_data" {
  type    = bool
  default = false
}

variable "enable_efa_support" {
  type    = bool
  default = false
}

variable "enable_monitoring" {
  type    = bool
  default = true
}

variable "enclave_options" {
  type    = map(string)
  default = {}
}

variable "force_update_version" {
  type    = bool
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

variable "instance_market_options" {
  type    = any
  default = {}
}

variable "instance_types" {
  type    = list(string)
  default = null
}

variable "kernel_id" {
  type    = string
  default = null
}

variable "key_name" {
  type    = string
  default = null
}

variable "labels" {
  type    = map(string)
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

variable "min_size" {
  type    = number
  default = 0
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

variable "ram_disk_id" {
  type    = string
  default = null
}

variable "remote_access" {
  type    = any
  default = {}
}

variable "schedules" {
  type    = map(any)
  default = {}
}

variable "subnet_ids" {
  type    = list(string)
  default = null
}

variable "tag_specifications" {
  type    = list(string)
  default = ["instance", "volume", "network-interface"]
}

variable "tags" {
  type    = map(string)
  default = {}
}

variable "taints" {
  type    = any
  default = {}
}

variable "timeouts" {
  type    = map(string)
  default = {}
}

variable "update_config" {
  type = map(string)
  default = {
    max_unavailable_percentage = 33
  }
}

variable "update_launch_template_default_version" {
  type    = bool
  default = true
}

variable "use_custom_launch_template" {
  type    = bool
  default = true
}

variable "use_latest_ami_release_version" {
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
