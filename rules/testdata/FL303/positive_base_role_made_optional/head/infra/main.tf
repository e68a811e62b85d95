# Node roles, one per environment listed here; the whole set is created
# only where the caller asks for it.
variable "create_node_roles" {
  type = bool
}

resource "aws_iam_role" "nodes" {
  for_each = var.create_node_roles ? toset(["prod"]) : toset([])
  name     = "${each.key}-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Action    = "sts:AssumeRole"
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}
