# The chart's version was first called "version": no call could give it,
# and Terraform refuses the module.
variable "version" { # want FL000 "Invalid variable name: The variable name \"version\" is reserved due to its special meaning inside module blocks."
  type    = string
  default = "4.11.3"
}

variable "chart_version" {
  type = string
}

# A block type of the module block is reserved too.
variable "lifecycle" { # want FL000 "Invalid variable name: The variable name \"lifecycle\" is reserved"
  type    = string
  default = "stable"
}

# Names that only look like meta-arguments are fine.
variable "versions" {
  type    = list(string)
  default = []
}

variable "source_repo" {
  type    = string
  default = "https://kubernetes.github.io/ingress-nginx"
}
