variable "name" {
  type = string
}

resource "aws_iam_role" "nodes" {
  name = var.name
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

output "name" {
  value = aws_iam_role.nodes.name
}
