locals {
  environment = "prod"
}
