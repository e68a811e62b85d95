# The application security groups are made here, untagged; the node class
# selects the nodes' group by its ID, a group made in the network stack.
# An ID selects one group at most: nothing spreads, nothing to note.
variable "vpc_id" {
  type = string
}

resource "aws_security_group" "api" {
  name   = "orders-api"
  vpc_id = var.vpc_id
}

resource "aws_security_group" "worker" {
  name   = "orders-worker"
  vpc_id = var.vpc_id
}
