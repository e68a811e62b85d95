locals {
  # Replaced by main_override.tf: Terraform never evaluates this call.
  prefix = stage_prefix("jobs")
}

resource "aws_sqs_queue" "jobs" {
  name = "${local.prefix}-jobs"
}
