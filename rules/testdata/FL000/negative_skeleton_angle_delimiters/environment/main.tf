variable "region" {
  type = string
}

variable "sso_enabled" {
  type    = bool
  default = false
}
