locals {
  aws_region = "eu-north-1"
  zone_name  = "prod.example.org"
}
