package scheduling

import (
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// Places of two roots that read alike (one module both roots call) are
// named with their roots; a place whose label is its own is not.
func TestPlaceLabelsNameRootsWhereAlike(t *testing.T) {
	group := func(root, label, name string) *Place {
		ng := &lint.NodeGroup{Object: lint.Object{Root: root, Label: label, Addr: root + ":" + label}}
		return &Place{Kind: NodeGroupPlace, Entity: ng, name: name}
	}
	ps := []*Place{
		group("envs/dev", "module.nodes.aws_eks_node_group.hot", "hot"),
		group("envs/prod", "module.nodes.aws_eks_node_group.hot", "hot"),
		group("envs/prod", "aws_eks_node_group.system", "system"),
	}
	nameRoots(ps)
	want := []string{
		"node group hot (module.nodes.aws_eks_node_group.hot) in envs/dev",
		"node group hot (module.nodes.aws_eks_node_group.hot) in envs/prod",
		"node group system (aws_eks_node_group.system)",
	}
	for i, p := range ps {
		if got := p.Label(); got != want[i] {
			t.Errorf("place %d: label %q, want %q", i, got, want[i])
		}
	}
}
