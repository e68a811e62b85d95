terraform {
  backend "s3" {
    bucket = "acme-tfstate"
    key    = "network/terraform.tfstate"
    region = "sa-east-1"
  }
}

resource "aws_vpc" "core" {
  cidr_block = "10.40.0.0/16"
}

resource "aws_subnet" "private" {
  for_each          = { "sa-east-1a" = 0, "sa-east-1b" = 1 }
  vpc_id            = aws_vpc.core.id
  availability_zone = each.key
  cidr_block        = cidrsubnet(aws_vpc.core.cidr_block, 4, each.value)
}

output "private_subnet_ids" {
  value = [for s in aws_subnet.private : s.id]
}
