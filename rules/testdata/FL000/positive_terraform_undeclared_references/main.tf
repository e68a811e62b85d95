# A refactoring renamed the variables and the node role, and left readers
# of the old names behind: Terraform refuses the configuration before it
# plans anything, wherever the reference is written.
variable "cluster_name" {
  type = string
}

variable "extra_tags" {
  type    = map(string)
  default = {}
}

locals {
  # try() does not catch it: Terraform resolves references first.
  stage = try(var.environment, "dev") # want FL000 `Reference to undeclared input variable: An input variable with the name "environment" has not been declared\.`
  tags = merge(var.extra_tags, {
    Cluster = var.cluster_name
  })
  # Nor does a for expression's condition, evaluated or not.
  owned = [for k, v in local.tags : k if local.keep_owned] # want FL000 `Reference to undeclared local value: A local value with the name "keep_owned" has not been declared\.`
}

resource "aws_iam_role" "nodes" {
  name               = "${var.cluster_name}-nodes"
  assume_role_policy = data.aws_iam_policy_document.node_trust.json # want FL000 `A data resource "aws_iam_policy_document" "node_trust" has not been declared in this module\.`
  tags               = local.tags
}

module "queue" {
  source = "./modules/queue"
  name   = var.cluster_name
}

output "queue_url" {
  value = module.queue.url
}

module "alarms" {
  source = "./modules/alarms"
}
