variable "name" {}
variable "env" {}
