terraform {
  source = "../../modules/queue"
}

locals {
  name = "orders"
}

inputs = {
  name = local.name
  # Copied from a stack unit, where values.tags is given: the fallback
  # (and its locals, which this file does not declare) is never needed,
  # and try() catches its failure when it is.
  tags   = try(values.tags, { Owner = "${local.team}-${local.name}" })
  suffix = try(local.suffix, "")
}
