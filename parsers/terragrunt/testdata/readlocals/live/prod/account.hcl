locals {
  account_name = "prod"
}
