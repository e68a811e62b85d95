variable "cluster_name" {
  type        = string
  description = "EKS cluster name"
}

variable "environment" {
  type    = string
  default = "staging"
}
