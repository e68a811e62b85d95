variable "name" {
  type = string
}

resource "aws_sqs_queue" "this" {
  name = var.name
  # The child's own code is the tree's too.
  message_retention_seconds = var.retention # want FL000 `An input variable with the name "retention" has not been declared\.`
}

output "url" {
  value = aws_sqs_queue.this.url
}
