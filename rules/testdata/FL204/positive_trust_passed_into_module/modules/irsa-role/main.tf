variable "name" {
  type = string
}

variable "trust_policy" {
  type = string
}

resource "aws_iam_role" "this" {
  name               = var.name
  assume_role_policy = var.trust_policy
}
