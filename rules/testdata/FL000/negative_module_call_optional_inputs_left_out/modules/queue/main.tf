variable "name" {
  type = string
}

# A default, null included, makes a variable optional.
variable "retention_seconds" {
  type    = number
  default = 345600
}

variable "kms_key_id" {
  type    = string
  default = null
}

resource "aws_sqs_queue" "this" {
  name                      = var.name
  message_retention_seconds = var.retention_seconds
  kms_master_key_id         = var.kms_key_id
}
