variable "zones" {
  # object() and optional() constrain the type: they are not calls.
  type = map(object({
    id   = string
    tier = optional(string, "standard")
  }))
  default = {}
}

variable "strict" {
  type    = bool
  default = false
}

locals {
  # A deliberate fail-fast: try() catches the call of a function that
  # does not exist, and Terraform only evaluates it when the lookup fails.
  zone_ids = [for name, z in var.zones : try(z.id, abort("zone ${name} has no id"))]
  probe    = can(missing_helper(1))

  # Terraform validates this configuration: neither the branch nor the
  # for expression's body is evaluated for every value.
  mode   = var.strict ? fail_closed() : "open"
  labels = [for name in keys(var.zones) : shout(name)]
}

resource "terraform_data" "zones" {
  input = [local.zone_ids, local.probe, local.mode, local.labels]
}

resource "aws_security_group" "zones" {
  name = "zones"

  # A dynamic block's content is evaluated once per element: none here.
  dynamic "ingress" {
    for_each = []
    content {
      description = describe_rule(ingress.value)
      from_port   = 443
      to_port     = 443
      protocol    = "tcp"
    }
  }
}
