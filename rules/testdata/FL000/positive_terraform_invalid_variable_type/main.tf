terraform {
  backend "s3" {}
}

# Types written as another language writes them: terraform validate
# refuses each with "Invalid type specification".
variable "labels" {
  type = map[string] # want FL000 `Invalid type specification: A type specification is either a primitive type keyword \(bool, number, string\) or a complex type constructor call, like list\(string\)\.`
}

variable "zones" {
  type = list(str) # want FL000 `Invalid type specification: The keyword "str" is not a valid type specification\.`
}

variable "pools" {
  type = dict(number) # want FL000 `Invalid type specification: Keyword "dict" is not a valid type constructor\.`
}

# Valid ones, optional attributes with defaults included.
variable "node_group" {
  type = object({
    name      = string
    min_size  = optional(number, 1)
    labels    = optional(map(string), {})
    instances = list(string)
  })
}

variable "anything" {
  type = any
}

# Terraform's legacy shorthand for list(any) and map(any): accepted.
variable "extra_subnets" {
  type    = list
  default = []
}

variable "extra_labels" {
  type    = map
  default = {}
}

resource "aws_eks_node_group" "this" {
  cluster_name    = "kestrel"
  node_group_name = var.node_group.name
  node_role_arn   = "arn:aws:iam::123456789012:role/kestrel-nodes"
  subnet_ids      = var.zones
  labels          = var.labels

  scaling_config {
    min_size     = var.node_group.min_size
    max_size     = 3
    desired_size = 2
  }
}
