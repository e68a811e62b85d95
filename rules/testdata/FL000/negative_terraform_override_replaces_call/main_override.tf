locals {
  prefix = "prod"
}
