variable "name" {
  type = string
}

variable "tags" {
  type    = map(string)
  default = {}
}

variable "suffix" {
  type    = string
  default = ""
}

resource "aws_sqs_queue" "this" {
  name = "${var.name}${var.suffix}"
  tags = var.tags
}
