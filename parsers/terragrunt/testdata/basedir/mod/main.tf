variable "region" {}
variable "unit_region" {}
variable "has_settings" {}
variable "greeting" {}
variable "templates" {}
variable "account" {}
variable "owner" {}
