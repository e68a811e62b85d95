variable "admin" { default = "" }
variable "zone" { default = "" }
variable "name" { default = "" }
variable "owner" { default = "" }
