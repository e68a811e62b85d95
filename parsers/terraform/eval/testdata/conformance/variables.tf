# Variables every conformance case may read (cases.hcl). Only defaults:
# the cases are pure, and `terraform console` evaluates them offline.

variable "obj" {
  type = any
  default = {
    name    = "web"
    port    = 8080
    enabled = true
    tags    = { env = "prod", team = "platform" }
    subnets = ["subnet-a", "subnet-b"]
  }
}

variable "tuple" {
  type    = any
  default = ["a", 1, true]
}

variable "list" {
  type    = list(string)
  default = ["b", "a", "c", "a"]
}

variable "numbers" {
  type    = list(number)
  default = [3, 1, 2]
}

variable "empty_map" {
  type    = any
  default = {}
}

variable "empty_list" {
  type    = any
  default = []
}

variable "null_any" {
  type    = any
  default = null
}

variable "null_string" {
  type    = string
  default = null
}

variable "str" {
  type    = string
  default = "Hello World"
}

variable "num" {
  type    = number
  default = 42
}

variable "create" {
  type    = bool
  default = true
}

variable "untyped" {
  default = { a = 1, b = "two" }
}

variable "map_str" {
  type    = map(string)
  default = { a = "1", b = "2" }
}

variable "set_str" {
  type    = set(string)
  default = ["zeta", "alpha"]
}

variable "node_groups" {
  type = any
  default = {
    general = { instance_types = ["m6i.large"], min_size = 1, labels = { role = "general" } }
    gpu     = { instance_types = ["g5.xlarge", "g5.2xlarge"], min_size = 0 }
  }
}

variable "outpost_config" {
  type    = any
  default = {}
}

variable "users" {
  type = any
  default = [
    { name = "ann", role = "admin" },
    { name = "bob", role = "dev" },
    { name = "cid", role = "dev" },
  ]
}

variable "opt" {
  type = object({
    a = string
    b = optional(number, 5)
    c = optional(list(string), [])
    d = optional(string)
  })
  default = { a = "x" }
}

variable "typed_groups" {
  type = map(object({
    size  = number
    spot  = optional(bool, false)
    zones = optional(list(string))
  }))
  default = {
    one = { size = 1 }
    two = { size = 2, spot = true, zones = ["a"] }
  }
}

variable "tpl" {
  type    = string
  default = "name=$${name}, items=%%{ for i in items }[$${i}]%%{ endfor }"
}

variable "list_of_objects" {
  type = list(object({
    name = string
    port = optional(number, 80)
    tags = optional(map(string), {})
  }))
  default = [{ name = "a" }, { name = "b", port = 443, tags = { tier = "edge" } }]
}

variable "map_any" {
  type    = map(any)
  default = { a = "x", b = 2 }
}

variable "tuple_typed" {
  type    = tuple([string, number, bool])
  default = ["s", "7", "true"]
}

variable "set_dupes" {
  type    = set(string)
  default = ["b", "a", "b"]
}

variable "extra_attrs" {
  type    = object({ keep = string })
  default = { keep = "yes", drop = "no" }
}

variable "nested_optional" {
  type = object({
    logging = optional(object({
      enabled = optional(bool, true)
      types   = optional(list(string), ["api", "audit"])
    }), {})
  })
  default = {}
}

variable "num_from_string" {
  type    = number
  default = "5"
}

variable "string_from_num" {
  type    = string
  default = 42
}

variable "bool_from_string" {
  type    = bool
  default = "true"
}

variable "list_from_numbers" {
  type    = list(string)
  default = [1, 2]
}

variable "secret" {
  type      = string
  default   = "hunter2"
  sensitive = true
}

variable "not_nullable" {
  type     = list(string)
  default  = []
  nullable = false
}

# An object whose attributes Terraform knows only after apply (the builtin
# provider needs no installation): the cases that read it check that what
# is unknown stays unknown.
resource "terraform_data" "u" {}
