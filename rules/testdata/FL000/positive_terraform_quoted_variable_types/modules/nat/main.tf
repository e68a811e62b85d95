resource "aws_eip" "nat" {
  count  = length(var.subnets) * var.count_per_zone
  domain = "vpc"
  tags   = merge(var.tags, { Name = var.name })
}
