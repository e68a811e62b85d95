variable "name" {
  type = string
}

resource "aws_lb" "this" {
  name = var.name
}
