terraform {
  # defaults() is Terraform 1.2's, behind this experiment.
  required_version = "~> 1.2.0"
  experiments      = [module_variable_optional_attrs]
}

variable "queue" {
  type = object({
    name       = string
    visibility = optional(number)
  })
  default = { name = "jobs" }
}

locals {
  queue = defaults(var.queue, { visibility = 30 })
}

resource "aws_sqs_queue" "jobs" {
  name                       = local.queue.name
  visibility_timeout_seconds = local.queue.visibility
}
