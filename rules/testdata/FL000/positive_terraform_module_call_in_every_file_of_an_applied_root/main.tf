terraform {
  backend "s3" {
    bucket = "orders-terraform-state"
    key    = "queues.tfstate"
    region = "eu-west-1"
  }
}

module "events" { # want FL000 `Duplicate module call: A module call named "events" was already defined at events_v2.tf:3`
  source = "./modules/queue"
  name   = "orders-events"
}
