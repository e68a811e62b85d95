locals {
  aws_region = "eu-west-3"
}
