variable "cluster_name" {
  description = "Cluster the node group joins."
  type        = string
}

variable "name" {
  description = "Node group name, unique within the cluster."
  type        = string
}

variable "node_role_arn" {
  description = "IAM role the nodes run as."
  type        = string
}

variable "subnet_ids" {
  type = list(string)
}

variable "security_group_ids" {
  description = "Security groups attached to the nodes through the launch template."
  type        = list(string)
}

variable "instance_types" {
  type = list(string)
}

variable "capacity_type" {
  type    = string
  default = "ON_DEMAND"
}

variable "min_size" {
  type = number
}

variable "max_size" {
  type = number
}

variable "desired_size" {
  type = number
}

variable "disk_size" {
  description = "Root volume size in GiB."
  type        = number
  default     = 50
}

variable "labels" {
  type    = map(string)
  default = {}
}

variable "taints" {
  type = list(object({
    key    = string
    value  = string
    effect = string
  }))
  default = []
}

variable "tags" {
  type    = map(string)
  default = {}
}
