# The queue module's output is url: arn and queue_url were never there.
module "dead_letters" {
  source   = "./modules/queue"
  for_each = toset(["orders", "payments"])
  name     = "${var.cluster_name}-${each.key}-dlq"
}

output "queue_arn" {
  value = module.queue.arn # want FL000 `Unsupported attribute: This object does not have an attribute named "arn"\.`
}

output "orders_dead_letters" {
  value = module.dead_letters["orders"].queue_url # want FL000 `This object does not have an attribute named "queue_url"\.`
}
