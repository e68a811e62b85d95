variable "name" {
  type = string
}

resource "aws_iam_role" "this" {
  name               = var.name
  assume_role_policy = file("${path.module}/trust.json")
}

output "role_arn" {
  value = aws_iam_role.this.arn
}
