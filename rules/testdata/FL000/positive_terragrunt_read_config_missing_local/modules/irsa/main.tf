variable "admin_role_name" {
  type = string
}

variable "account_name" {
  type = string
}
