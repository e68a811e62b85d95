# The team's tags come from the pipeline (no default) and are merged over
# the discovery tag, which they may set otherwise: which tags each group
# ends with is not known here, and whether Karpenter's term selects one
# group or several is left open.
variable "team_tags" {
  type = map(string)
}

locals {
  tags = merge({ "karpenter.sh/discovery" = "atlas" }, var.team_tags)
}

resource "aws_vpc" "atlas" {
  cidr_block = "10.70.0.0/16"
}

resource "aws_security_group" "nodes" {
  name   = "atlas-nodes"
  vpc_id = aws_vpc.atlas.id
  tags   = local.tags
}

resource "aws_security_group" "endpoints" {
  name   = "atlas-endpoints"
  vpc_id = aws_vpc.atlas.id
  tags   = local.tags
}
