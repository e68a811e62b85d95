variable "name" {
  type = string
}

variable "kms_key_arn" {
  type = string
}

variable "versioning" {
  type    = bool
  default = true
}
