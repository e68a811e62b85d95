variable "zone_name" {
  type = string
}

resource "aws_route53_zone" "this" {
  name = var.zone_name
}
