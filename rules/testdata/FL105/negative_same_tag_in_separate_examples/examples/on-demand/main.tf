# The on-demand example stack: applied on its own, into a sandbox account of its
# own. Every example tags its node security group for discovery alike.
resource "aws_security_group" "nodes" {
  name   = "ledger-on-demand-nodes"
  vpc_id = "vpc-0d5e"
  tags   = { "karpenter.sh/discovery" = "ledger" }
}
