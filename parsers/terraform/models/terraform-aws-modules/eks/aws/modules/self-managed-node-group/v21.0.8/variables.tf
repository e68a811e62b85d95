# Stand-in for terraform-aws-modules/eks/aws//modules/self-managed-node-group,
# versions 21.0.8 up to (not including) 21.0.9.
# Written for faultline, not copied: it declares the real module's inputs and
# creates, at the real resource addresses, only what faultline's rules read.
# Sources: github.com/terraform-aws-modules/terraform-aws-eks, modules/self-managed-node-group/
# variables.tf (names, types, defaults, nullable), outputs.tf (names) and
# main.tf (resources, counts, the values modelled) at tags v21.0.8 and v21.0.8.

variable "account_id" {
  type    = string
  default = ""
}

variable "additional_cluster_dns_ips" {
  type    = list(string)
  default = null
}

variable "ami_id" {
  type     = string
  default  = ""
  nullable = false
}

variable "ami_type" {
  type     = string
  default  = "AL2023_x86_64_STANDARD"
  nullable = false
}

variable "autoscaling_group_tags" {
  type     = map(string)
  default  = {}
  nullable = false
}

variable "availability_zones" {
  type    = list(string)
  default = null
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

variable "capacity_rebalance" {
  type    = bool
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
  type    = string
  default = null
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

variable "context" {
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

variable "create_access_entry" {
  type     = bool
  default  = true
  nullable = false
}

variable "create_autoscaling_group" {
  type     = bool
  default  = true
  nullable = false
}

variable "create_iam_instance_profile" {
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

variable "default_instance_warmup" {
  type    = number
  default = null
}

variable "desired_size" {
  type     = number
  default  = 1
  nullable = false
}

variable "desired_size_type" {
  type    = string
  default = null
}

variable "disable_api_termination" {
  type    = bool
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

variable "enabled_metrics" {
  type     = list(string)
  default  = []
  nullable = false
}

variable "enclave_options" {
  type = object({
    enabled = optional(bool)
  })
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

variable "iam_instance_profile_arn" {
  type    = string
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
  default  = "Self managed node group IAM role"
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

variable "ignore_failed_scaling_activities" {
  type    = bool
  default = null
}

variable "initial_lifecycle_hooks" {
  type = list(object({
    default_result          = optional(string)
    heartbeat_timeout       = optional(number)
    lifecycle_transition    = string
    name                    = string
    notification_metadata   = optional(string)
    notification_target_arn = optional(string)
    role_arn                = optional(string)
  }))
  default = null
}

variable "instance_initiated_shutdown_behavior" {
  type    = string
  default = null
}

variable "instance_maintenance_policy" {
  type = object({
    max_healthy_percentage = number
    min_healthy_percentage = number
  })
  default = null
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

variable "instance_refresh" {
  type = object({
    preferences = optional(object({
      alarm_specification = optional(object({
        alarms = optional(list(string))
      }))
      auto_rollback                = optional(bool)
      checkpoint_delay             = optional(number)
      checkpoint_percentages       = optional(list(number))
      instance_warmup              = optional(number)
      max_healthy_percentage       = optional(number)
      min_healthy_percentage       = optional(number, 66)
      scale_in_protected_instances = optional(string)
      skip_matching                = optional(bool)
      standby_instances            = optional(string)
    }))
    strategy = optional(string, "Rolling")
    triggers = optional(list(string))
  })
  default = {
    strategy = "Rolling"
    preferences = {
      min_healthy_percentage = 66
    }
  }
}

variable "instance_requirements" {
  type = object({
    accelerator_count = optional(object({
      max = optional(number)
      min = optional(number)
    }))
    accelerator_manufacturers = optional(list(string))
    accelerator_names         = optional(list(string))
    accelerator_total_memory_mib = optional(object({
      max = optional(number)
      min = optional(number)
    }))
    accelerator_types      = optional(list(string))
    allowed_instance_types = optional(list(string))
    bare_metal             = optional(string)
    baseline_ebs_bandwidth_mbps = optional(object({
      max = optional(number)
      min = optional(number)
    }))
    burstable_performance                                   = optional(string)
    cpu_manufacturers                                       = optional(list(string))
    excluded_instance_types                                 = optional(list(string))
    instance_generations                                    = optional(list(string))
    local_storage                                           = optional(string)
    local_storage_types                                     = optional(list(string))
    max_spot_price_as_percentage_of_optimal_on_demand_price = optional(number)
    memory_gib_per_vcpu = optional(object({
      max = optional(number)
      min = optional(number)
    }))
    memory_mib = optional(object({
      max = optional(number)
      min = optional(number)
    }))
    network_bandwidth_gbps = optional(object({
      max = optional(number)
      min = optional(number)
    }))
    network_interface_count = optional(object({
      max = optional(number)
      min = optional(number)
    }))
    on_demand_max_price_percentage_over_lowest_price = optional(number)
    require_hibernate_support                        = optional(bool)
    spot_max_price_percentage_over_lowest_price      = optional(number)
    total_local_storage_gb = optional(object({
      max = optional(number)
      min = optional(number)
    }))
    vcpu_count = optional(object({
      max = optional(number)
      min = string
    }))
  })
  default = null
}

variable "instance_type" {
  type     = string
  default  = "m6i.large"
  nullable = false
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
  type     = map(string)
  default  = {}
  nullable = false
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

variable "max_instance_lifetime" {
  type    = number
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

variable "metrics_granularity" {
  type    = string
  default = null
}

variable "min_size" {
  type     = number
  default  = 1
  nullable = false
}

variable "mixed_instances_policy" {
  type = object({
    instances_distribution = optional(object({
      on_demand_allocation_strategy            = optional(string)
      on_demand_base_capacity                  = optional(number)
      on_demand_percentage_above_base_capacity = optional(number)
      spot_allocation_strategy                 = optional(string)
      spot_instance_pools                      = optional(number)
      spot_max_price                           = optional(string)
    }))
    launch_template = object({
      override = optional(list(object({
        instance_requirements = optional(object({
          accelerator_count = optional(object({
            max = optional(number)
            min = optional(number)
          }))
          accelerator_manufacturers = optional(list(string))
          accelerator_names         = optional(list(string))
          accelerator_total_memory_mib = optional(object({
            max = optional(number)
            min = optional(number)
          }))
          accelerator_types      = optional(list(string))
          allowed_instance_types = optional(list(string))
          bare_metal             = optional(string)
          baseline_ebs_bandwidth_mbps = optional(object({
            max = optional(number)
            min = optional(number)
          }))
          burstable_performance                                   = optional(string)
          cpu_manufacturers                                       = optional(list(string))
          excluded_instance_types                                 = optional(list(string))
          instance_generations                                    = optional(list(string))
          local_storage                                           = optional(string)
          local_storage_types                                     = optional(list(string))
          max_spot_price_as_percentage_of_optimal_on_demand_price = optional(number)
          memory_gib_per_vcpu = optional(object({
            max = optional(number)
            min = optional(number)
          }))
          memory_mib = optional(object({
            max = optional(number)
            min = optional(number)
          }))
          network_bandwidth_gbps = optional(object({
            max = optional(number)
            min = optional(number)
          }))
          network_interface_count = optional(object({
            max = optional(number)
            min = optional(number)
          }))
          on_demand_max_price_percentage_over_lowest_price = optional(number)
          require_hibernate_support                        = optional(bool)
          spot_max_price_percentage_over_lowest_price      = optional(number)
          total_local_storage_gb = optional(object({
            max = optional(number)
            min = optional(number)
          }))
          vcpu_count = optional(object({
            max = optional(number)
            min = optional(number)
          }))
        }))
        instance_type = optional(string)
        launch_template_specification = optional(object({
          launch_template_id   = optional(string)
          launch_template_name = optional(string)
          version              = optional(string)
        }))
        weighted_capacity = optional(string)
      })))
    })
  })
  default = null
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
    subnet_id            = optional(string)
  }))
  default  = []
  nullable = false
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

variable "placement_group" {
  type    = string
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

variable "protect_from_scale_in" {
  type     = bool
  default  = false
  nullable = false
}

variable "ram_disk_id" {
  type    = string
  default = null
}

variable "region" {
  type    = string
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
  default  = {}
  nullable = false
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
  default  = {}
  nullable = false
}

variable "security_group_name" {
  type    = string
  default = null
}

variable "security_group_tags" {
  type     = map(string)
  default  = {}
  nullable = false
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

variable "suspended_processes" {
  type     = list(string)
  default  = []
  nullable = false
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

variable "termination_policies" {
  type     = list(string)
  default  = []
  nullable = false
}

variable "timeouts" {
  type = object({
    delete = optional(string)
  })
  default = null
}

variable "update_launch_template_default_version" {
  type     = bool
  default  = true
  nullable = false
}

variable "use_mixed_instances_policy" {
  type     = bool
  default  = false
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
