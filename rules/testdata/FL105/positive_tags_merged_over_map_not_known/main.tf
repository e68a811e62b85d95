# The team's tags come from the pipeline (no default); every group merges
# the discovery tag over them, so whatever they hold both groups carry it
# and Karpenter's term selects both.
variable "team_tags" {
  type = map(string)
}

locals {
  tags = merge(var.team_tags, { "karpenter.sh/discovery" = "atlas" })
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
