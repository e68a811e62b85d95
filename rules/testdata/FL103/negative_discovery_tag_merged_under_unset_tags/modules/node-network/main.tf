variable "name" {
  type = string
}

variable "tags" {
  type = map(string)
}

resource "aws_security_group" "nodes" {
  name   = "${var.name}-nodes"
  vpc_id = "vpc-0c1d2e3f4a5b6c7d8"
  tags   = merge(var.tags, { Name = "${var.name}-nodes" })
}

resource "aws_launch_template" "nodes" {
  name                   = "${var.name}-nodes"
  vpc_security_group_ids = [aws_security_group.nodes.id]
}

output "launch_template_id" {
  value = aws_launch_template.nodes.id
}
