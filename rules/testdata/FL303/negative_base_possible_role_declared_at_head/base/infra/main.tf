# The node role is created where var.node_role_count says (0 or 1, set
# per environment by the caller).
variable "node_role_count" {
  type = number
}

resource "aws_iam_role" "nodes" {
  count = var.node_role_count
  name  = "prod-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Action    = "sts:AssumeRole"
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}
