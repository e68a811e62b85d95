terraform {
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = ">= 5.40"
    }
  }
}

locals {
  # Functions of recent Terraform releases and one a provider defines;
  # the .tofu file beside this one calls OpenTofu's own.
  queue_arn  = "arn:aws:sqs:eu-west-1:111122223333:jobs"
  parsed     = provider::aws::arn_parse(local.queue_arn)
  template   = "Hello, $${name}!"
  greeting   = templatestring(local.template, { name = "team" })
  has_secret = issensitive(var.token)
  worded     = strcontains("platform-team", "team")
  escaped    = "literal $${get_terragrunt_dir()} text"
}

variable "token" {
  type      = string
  sensitive = true
  default   = "placeholder"
}

resource "aws_sqs_queue" "jobs" {
  name = "jobs-${local.parsed.region}-${local.worded}"
}
