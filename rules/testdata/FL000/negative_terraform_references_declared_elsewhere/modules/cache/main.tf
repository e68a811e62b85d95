# The unit that deploys this module generates its variables file.
resource "aws_elasticache_subnet_group" "this" {
  name       = "cache-${var.stage}"
  subnet_ids = var.subnet_ids
}
