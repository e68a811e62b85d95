variable "account_name" {
  type = string
}

variable "team" {
  type = string
}
