variable "node_pools" {
  type = list(object({
    name          = string
    instance_type = string
  }))
}

variable "replicas" {
  type = number
}
