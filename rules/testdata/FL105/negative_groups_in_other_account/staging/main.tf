# The staging account copies prod's tags, discovery tag included: its
# groups are in another account and never selected by prod's node class.
resource "aws_security_group" "nodes" {
  name   = "ledger-nodes"
  vpc_id = "vpc-0f71"
  tags   = { "karpenter.sh/discovery" = "ledger" }
}

resource "aws_security_group" "cluster" {
  name   = "ledger-cluster"
  vpc_id = "vpc-0f71"
  tags   = { "karpenter.sh/discovery" = "ledger" }
}
