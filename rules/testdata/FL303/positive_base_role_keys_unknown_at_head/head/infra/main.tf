# Node roles, one per environment: the list moved to the caller's values,
# which this repository does not hold.
variable "environments" {
  type = set(string)
}

resource "aws_iam_role" "nodes" {
  for_each = var.environments
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
