variable "cluster_name" {
  type = string
}

variable "pools" {
  type = map(object({
    instance_types = list(string)
    labels         = optional(map(string), {})
    taints = optional(list(object({
      key    = string
      value  = optional(string)
      effect = string
    })), [])
  }))
}
