# Stand-in for terraform-aws-modules/eks/aws//modules/eks-managed-node-group,
# versions 21.14.0 and later (read up to 21.19.0).
# Written for faultline, not copied: it declares the real module's inputs and
# creates, at the real resource addresses, only what faultline's rules read.
# Sources: github.com/terraform-aws-modules/terraform-aws-eks, modules/eks-managed-node-group/
# variables.tf (names, types, defaults, nullable), outputs.tf (names) and
# main.tf (resources, counts, the values modelled) at tags v21.14.0 and v21.19.0.

variable "account_id" {
  type    = string
  default = ""
}

variable "ami_id" {
  type     = string
  default  = ""
  nullable = false
}

variable "ami_release_version" {
  type    = string
  default = null
}

variable "ami_type" {
  type     = string
  default  = "AL2023_x86_64_STANDARD"
  nullable = false
}

variable "block_device_mappings" {
  type = map(object({
    device_name = optional(string)
    ebs = optional(object({
      delete_on_termination      = optional(bool)
      encrypted                  = optional(bool)
      iops                       = optional(number)
      kms_key_id                 = optional(string)
      snapshot_id                = optional(string)
      throughput                 = optional(number)
      volume_initialization_rate = optional(number)
      volume_size                = optional(number)
      volume_type                = optional(string)
    }))
    no_device    = optional(string)
    virtual_name = optional(string)
  }))
  default = null
}

variable "bootstrap_extra_args" {
  type    = string
  default = null
}

variable "capacity_reservation_specification" {
  type = object({
    capacity_reservation_preference = optional(string)
    capacity_reservation_target = optional(object({
      capacity_reservation_id                 = optional(string)
      capacity_reservation_resource_group_arn = optional(string)
    }))
  })
  default = null
}

variable "capacity_type" {
  type     = string
  default  = "ON_DEMAND"
  nullable = false
}

variable "cloudinit_post_nodeadm" {
  type = list(object({
    content      = string
    content_type = optional(string)
    filename     = optional(string)
    merge_type   = optional(string)
  }))
  default = null
}

variable "cloudinit_pre_nodeadm" {
  type = list(object({
    content      = string
    content_type = optional(string)
    filename     = optional(string)
    merge_type   = optional(string)
  }))
  default = null
}

variable "cluster_auth_base64" {
  type    = string
  default = null
}

variable "cluster_endpoint" {
  type    = string
  default = null
}

variable "cluster_ip_family" {
  type     = string
  default  = "ipv4"
  nullable = false
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
  default = null
}

variable "cpu_options" {
  type = object({
    amd_sev_snp      = optional(string)
    core_count       = optional(number)
    threads_per_core = optional(number)
  })
  default = null
}

variable "create" {
  type     = bool
  default  = true
  nullable = false
}

variable "create_iam_role" {
  type     = bool
  default  = true
  nullable = false
}

variable "create_iam_role_policy" {
  type     = bool
  default  = true
  nullable = false
}

variable "create_launch_template" {
  type     = bool
  default  = true
  nullable = false
}

variable "create_placement_group" {
  type     = bool
  default  = false
  nullable = false
}

variable "create_security_group" {
  type     = bool
  default  = true
  nullable = false
}

variable "credit_specification" {
  type = object({
    cpu_credits = optional(string)
  })
  default = null
}

variable "desired_size" {
  type     = number
  default  = 1
  nullable = false
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

variable "efa_indices" {
  type     = list(number)
  default  = [0]
  nullable = false
}

variable "enable_bootstrap_user_data" {
  type     = bool
  default  = false
  nullable = false
}

variable "enable_efa_only" {
  type     = bool
  default  = true
  nullable = false
}

variable "enable_efa_support" {
  type     = bool
  default  = false
  nullable = false
}

variable "enable_monitoring" {
  type     = bool
  default  = false
  nullable = false
}

variable "enclave_options" {
  type = object({
    enabled = optional(bool)
  })
  default = null
}

variable "force_update_version" {
  type    = bool
  default = null
}

variable "iam_role_additional_policies" {
  type     = map(string)
  default  = {}
  nullable = false
}

variable "iam_role_arn" {
  type    = string
  default = null
}

variable "iam_role_attach_cni_policy" {
  type     = bool
  default  = true
  nullable = false
}

variable "iam_role_description" {
  type     = string
  default  = "EKS managed node group IAM role"
  nullable = false
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

variable "iam_role_policy_statements" {
  type = list(object({
    sid           = optional(string)
    actions       = optional(list(string))
    not_actions   = optional(list(string))
    effect        = optional(string)
    resources     = optional(list(string))
    not_resources = optional(list(string))
    principals = optional(list(object({
      type        = string
      identifiers = list(string)
    })))
    not_principals = optional(list(object({
      type        = string
      identifiers = list(string)
    })))
    condition = optional(list(object({
      test     = string
      values   = list(string)
      variable = string
    })))
  }))
  default = null
}

variable "iam_role_tags" {
  type     = map(string)
  default  = {}
  nullable = false
}

variable "iam_role_use_name_prefix" {
  type     = bool
  default  = true
  nullable = false
}

variable "instance_market_options" {
  type = object({
    market_type = optional(string)
    spot_options = optional(object({
      block_duration_minutes         = optional(number)
      instance_interruption_behavior = optional(string)
      max_price                      = optional(string)
      spot_instance_type             = optional(string)
      valid_until                    = optional(string)
    }))
  })
  default = null
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

variable "kubernetes_version" {
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
  type     = bool
  default  = true
  nullable = false
}

variable "launch_template_version" {
  type    = string
  default = null
}

variable "license_specifications" {
  type = list(object({
    license_configuration_arn = string
  }))
  default = null
}

variable "maintenance_options" {
  type = object({
    auto_recovery = optional(string)
  })
  default = null
}

variable "max_size" {
  type     = number
  default  = 3
  nullable = false
}

variable "metadata_options" {
  type = object({
    http_endpoint               = optional(string, "enabled")
    http_protocol_ipv6          = optional(string)
    http_put_response_hop_limit = optional(number, 1)
    http_tokens                 = optional(string, "required")
    instance_metadata_tags      = optional(string)
  })
  default = {
    http_endpoint               = "enabled"
    http_put_response_hop_limit = 1
    http_tokens                 = "required"
  }
  nullable = false
}

variable "min_size" {
  type     = number
  default  = 1
  nullable = false
}

variable "name" {
  type    = string
  default = ""
}

variable "network_interfaces" {
  type = list(object({
    associate_carrier_ip_address = optional(bool)
    associate_public_ip_address  = optional(bool)
    connection_tracking_specification = optional(object({
      tcp_established_timeout = optional(number)
      udp_stream_timeout      = optional(number)
      udp_timeout             = optional(number)
    }))
    delete_on_termination = optional(bool)
    description           = optional(string)
    device_index          = optional(number)
    ena_srd_specification = optional(object({
      ena_srd_enabled = optional(bool)
      ena_srd_udp_specification = optional(object({
        ena_srd_udp_enabled = optional(bool)
      }))
    }))
    interface_type       = optional(string)
    ipv4_address_count   = optional(number)
    ipv4_addresses       = optional(list(string))
    ipv4_prefix_count    = optional(number)
    ipv4_prefixes        = optional(list(string))
    ipv6_address_count   = optional(number)
    ipv6_addresses       = optional(list(string))
    ipv6_prefix_count    = optional(number)
    ipv6_prefixes        = optional(list(string))
    network_card_index   = optional(number)
    network_interface_id = optional(string)
    primary_ipv6         = optional(bool)
    private_ip_address   = optional(string)
    security_groups      = optional(list(string), [])
  }))
  default  = []
  nullable = false
}

variable "node_repair_config" {
  type = object({
    enabled                                 = optional(bool, true)
    max_parallel_nodes_repaired_count       = optional(number)
    max_parallel_nodes_repaired_percentage  = optional(number)
    max_unhealthy_node_threshold_count      = optional(number)
    max_unhealthy_node_threshold_percentage = optional(number)
    node_repair_config_overrides = optional(list(object({
      min_repair_wait_time_mins = number
      node_monitoring_condition = string
      node_unhealthy_reason     = string
      repair_action             = string
    })))
  })
  default = null
}

variable "partition" {
  type    = string
  default = ""
}

variable "placement" {
  type = object({
    affinity                = optional(string)
    availability_zone       = optional(string)
    group_name              = optional(string)
    host_id                 = optional(string)
    host_resource_group_arn = optional(string)
    partition_number        = optional(number)
    spread_domain           = optional(string)
    tenancy                 = optional(string)
  })
  default = null
}

variable "post_bootstrap_user_data" {
  type    = string
  default = null
}

variable "pre_bootstrap_user_data" {
  type    = string
  default = null
}

variable "private_dns_name_options" {
  type = object({
    enable_resource_name_dns_aaaa_record = optional(bool)
    enable_resource_name_dns_a_record    = optional(bool)
    hostname_type                        = optional(string)
  })
  default = null
}

variable "ram_disk_id" {
  type    = string
  default = null
}

variable "region" {
  type    = string
  default = null
}

variable "remote_access" {
  type = object({
    ec2_ssh_key               = optional(string)
    source_security_group_ids = optional(list(string))
  })
  default = null
}

variable "security_group_description" {
  type    = string
  default = null
}

variable "security_group_egress_rules" {
  type = map(object({
    name = optional(string)

    cidr_ipv4                    = optional(string)
    cidr_ipv6                    = optional(string)
    description                  = optional(string)
    from_port                    = optional(string)
    ip_protocol                  = optional(string, "tcp")
    prefix_list_id               = optional(string)
    referenced_security_group_id = optional(string)
    self                         = optional(bool, false)
    tags                         = optional(map(string), {})
    to_port                      = optional(string)
  }))
  default = {}
}

variable "security_group_ingress_rules" {
  type = map(object({
    name = optional(string)

    cidr_ipv4                    = optional(string)
    cidr_ipv6                    = optional(string)
    description                  = optional(string)
    from_port                    = optional(string)
    ip_protocol                  = optional(string, "tcp")
    prefix_list_id               = optional(string)
    referenced_security_group_id = optional(string)
    self                         = optional(bool, false)
    tags                         = optional(map(string), {})
    to_port                      = optional(string)
  }))
  default = {}
}

variable "security_group_name" {
  type    = string
  default = null
}

variable "security_group_tags" {
  type    = map(string)
  default = {}
}

variable "security_group_use_name_prefix" {
  type     = bool
  default  = true
  nullable = false
}

variable "subnet_ids" {
  type    = list(string)
  default = null
}

variable "tag_specifications" {
  type     = list(string)
  default  = ["instance", "volume", "network-interface"]
  nullable = false
}

variable "tags" {
  type    = map(string)
  default = {}
}

variable "taints" {
  type = map(object({
    key    = string
    value  = optional(string)
    effect = string
  }))
  default = null
}

variable "timeouts" {
  type = object({
    create = optional(string)
    update = optional(string)
    delete = optional(string)
  })
  default = null
}

variable "update_config" {
  type = object({
    max_unavailable            = optional(number)
    max_unavailable_percentage = optional(number)
    update_strategy            = optional(string)
  })
  default = {
    max_unavailable_percentage = 33
  }
  nullable = false
}

variable "update_launch_template_default_version" {
  type     = bool
  default  = true
  nullable = false
}

variable "use_custom_launch_template" {
  type     = bool
  default  = true
  nullable = false
}

variable "use_latest_ami_release_version" {
  type     = bool
  default  = true
  nullable = false
}

variable "use_name_prefix" {
  type     = bool
  default  = true
  nullable = false
}

variable "user_data_template_path" {
  type    = string
  default = null
}

variable "vpc_security_group_ids" {
  type     = list(string)
  default  = []
  nullable = false
}
