variable "env" { type = string }
variable "vpc_id" { type = string }

# Every environment makes its own worker group, tagged alike.
resource "aws_security_group" "workers" {
  name   = "${var.env}-workers"
  vpc_id = var.vpc_id
  tags   = { "karpenter.sh/discovery" = "workers" }
}
