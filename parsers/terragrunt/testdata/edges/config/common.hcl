locals {
  common_tags = { team = "platform" }
}

inputs = {
  tags = local.common_tags
}
