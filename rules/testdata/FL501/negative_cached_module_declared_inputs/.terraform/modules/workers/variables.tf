variable "cluster_name" {
  type = string
}

variable "instance_types" {
  type    = list(string)
  default = ["t3.medium"]
}

variable "block_device_mappings" {
  type    = any
  default = {}
}
