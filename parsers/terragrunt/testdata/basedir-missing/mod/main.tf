variable "v" { default = "x" }
