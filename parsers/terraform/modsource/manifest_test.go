package modsource

import (
	"testing"
)

func TestSameSource(t *testing.T) {
	for _, c := range []struct {
		written, recorded string
		same              bool
	}{
		{"terraform-aws-modules/eks/aws", "registry.terraform.io/terraform-aws-modules/eks/aws", true},
		{"terraform-aws-modules/eks/aws//modules/karpenter", "registry.terraform.io/terraform-aws-modules/eks/aws//modules/karpenter", true},
		{"github.com/acme/nodes", "git::https://github.com/acme/nodes.git", true},
		{"git@github.com:acme/nodes.git?ref=v1.2.0", "git::ssh://git@github.com/acme/nodes.git?ref=v1.2.0", true},
		{"git::https://github.com/acme/nodes.git?ref=v1.3.0", "git::https://github.com/acme/nodes.git?ref=v1.2.0", false},
		{"acme/nodes/aws", "registry.terraform.io/acme/pools/aws", false},
		{"app.terraform.io/acme/nodes/aws", "registry.terraform.io/acme/nodes/aws", false},
	} {
		if got := SameSource(c.written, c.recorded); got != c.same {
			t.Errorf("sameSource(%q, %q) = %v, want %v", c.written, c.recorded, got, c.same)
		}
	}
}
