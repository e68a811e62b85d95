terraform {
  backend "s3" {
    bucket = "porto-state"
    key    = "events/terraform.tfstate"
    region = "eu-west-3"
  }
}

# Renamed, but the old block was kept beside the new one.
resource "aws_sqs_queue" "events" {
  name = "events"
}

resource "aws_sqs_queue" "orders_events" {
  name = "orders-events"
}

moved { # want FL000 `Moved object still exists: This statement declares a move from aws_sqs_queue\.events, but that resource is still declared at main\.tf:10,1\.`
  from = aws_sqs_queue.events
  to   = aws_sqs_queue.orders_events
}

module "dead_letters" {
  source = "./modules/queue"
  name   = "dead-letters"
}

module "dlq" {
  source = "./modules/queue"
  name   = "dlq"
}

moved { # want FL000 `Moved object still exists: This statement declares a move from module\.dead_letters, but that module call is still declared at main\.tf:23,1\.`
  from = module.dead_letters
  to   = module.dlq
}
