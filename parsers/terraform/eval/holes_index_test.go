package eval

import (
	"testing"

	"github.com/zclconf/go-cty/cty"
)

// A data source's list attribute stands as one hole; indexed by
// count.index (directly, or in a template part) it gives an element not
// known, as Terraform's indexing of the list it reads does, and what is
// built around it stays known. An index into a known list out of its
// range is still an error.
func TestIndexIntoHoleIsUnknownElement(t *testing.T) {
	dir := writeTree(t, map[string]string{"main.tf": `
data "aws_availability_zones" "available" {}

resource "aws_subnet" "private" {
  count             = 3
  vpc_id            = "vpc-0a1b2c3d"
  availability_zone = data.aws_availability_zones.available.names[count.index]
  tags = {
    Name                     = "private-${data.aws_availability_zones.available.names[count.index]}"
    "karpenter.sh/discovery" = "orders"
  }
}

output "tags" { value = aws_subnet.private[2].tags }
output "zone" { value = aws_subnet.private[1].availability_zone }
`})
	e := testSession(Options{Root: dir}).Evaluate(dir)
	tags := e.rootInst.outputs["tags"]
	if !tags.IsKnown() || !tags.Type().IsObjectType() {
		t.Fatalf("tags = %#v, want an object", tags)
	}
	if got := tags.GetAttr("karpenter.sh/discovery"); got != cty.StringVal("orders") {
		t.Errorf("discovery tag %#v, want orders", got)
	}
	if name := tags.GetAttr("Name"); !name.IsKnown() || !hasSentinel(name.AsString()) {
		t.Errorf("Name %#v, want a template around a hole", name)
	}
	if zone := e.rootInst.outputs["zone"]; zone.IsKnown() && !hasSentinel(zone.AsString()) {
		t.Errorf("zone %#v, want a value not known", zone)
	}

	dir = writeTree(t, map[string]string{"main.tf": `
locals {
  zones = ["eu-west-1a", "eu-west-1b"]
}
resource "aws_subnet" "private" {
  count             = 3
  vpc_id            = "vpc-0a1b2c3d"
  availability_zone = local.zones[count.index]
}
output "zone" { value = aws_subnet.private[2].availability_zone }
`})
	e = testSession(Options{Root: dir}).Evaluate(dir)
	if zone := e.rootInst.outputs["zone"]; zone.IsKnown() && !zone.IsNull() && zone.Type() == cty.String && !hasSentinel(zone.AsString()) {
		t.Errorf("an index out of a known list's range gave %#v", zone)
	}
}
