terraform {
  backend "s3" {
    bucket = "porto-state"
    key    = "events/terraform.tfstate"
    region = "eu-west-3"
  }
}

resource "aws_sqs_queue" "orders_events" {
  count = 1
  name  = "orders-events-${count.index}"
}

# The old block is gone: a plain rename into the first instance.
moved {
  from = aws_sqs_queue.events
  to   = aws_sqs_queue.orders_events[0]
}

# The second instance is gone since the count went down to one.
moved {
  from = aws_sqs_queue.orders_events[1]
  to   = module.dlq.aws_sqs_queue.this
}

module "dlq" {
  source = "./modules/queue"
  name   = "dlq"
}

# The dead-letter queue was written here before the module took it over.
moved {
  from = aws_sqs_queue.dead_letters
  to   = module.dlq.aws_sqs_queue.this
}
