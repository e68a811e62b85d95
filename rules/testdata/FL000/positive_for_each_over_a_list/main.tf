variable "queues" {
  type    = list(string)
  default = ["orders", "refunds"]
}

# for_each takes a map or a set of strings: a list is refused by
# terraform validate, whether written out or read from a variable.
resource "aws_sqs_queue" "work" {
  for_each = var.queues # want FL000 `Invalid for_each argument: The given "for_each" argument value is unsuitable: the "for_each" argument must be a map, or set of strings, and you have provided a value of type list of string.`
  name     = each.value
}

module "dead_letter" {
  source   = "./modules/queue"
  for_each = ["orders-dlq", "refunds-dlq"] # want FL000 `Invalid for_each argument: .* you have provided a value of type tuple\.`
  name     = each.value
}
