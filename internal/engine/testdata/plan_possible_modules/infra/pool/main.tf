variable "name" {
  type = string
}

resource "aws_iam_role" "this" {
  name               = "pool-${var.name}"
  assume_role_policy = "{}"
}
