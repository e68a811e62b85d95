resource "aws_security_group" "nodes" {
  name   = "ledger-nodes"
  vpc_id = "vpc-0d5e"
  tags   = { "karpenter.sh/discovery" = "ledger" }
}
