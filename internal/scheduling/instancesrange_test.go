package scheduling

import (
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// TestInstancesRangeDoesNotDependOnMapOrder: the requirement a NodePool's
// instance types are said to be restricted at is the same on every run
// (the requirements are a map, walked in random order): one on another
// label than the architecture, else the one written first.
func TestInstancesRangeDoesNotDependOnMapOrder(t *testing.T) {
	at := func(line int) lint.Range { return lint.Range{File: "np.yaml", Line: line, Column: 11} }
	req := func(key string, line int, values ...string) []lint.Requirement {
		return []lint.Requirement{{Key: key, Operator: lint.OpIn, Values: values, Range: at(line)}}
	}
	for i := 0; i < 50; i++ {
		p := &Place{
			reqs: map[string][]lint.Requirement{
				LabelArch:                        req(LabelArch, 13, "arm64"),
				LabelInstanceType:                req(LabelInstanceType, 16, "m6g.xlarge", "m7g.xlarge"),
				"karpenter.k8s.aws/instance-cpu": req("karpenter.k8s.aws/instance-cpu", 19, "4"),
				"team.example.com":               req("team.example.com", 22, "data"),
			},
			reqRange: map[string]lint.Range{LabelArch: at(13), LabelInstanceType: at(16), "karpenter.k8s.aws/instance-cpu": at(19), "team.example.com": at(22)},
		}
		p.nodePoolInstances(&lint.NodePool{}, map[string][]*instance{})
		if p.instancesRange.Line != 16 {
			t.Fatalf("run %d: instances restricted at line %d, want 16 (the first requirement not on the architecture)", i, p.instancesRange.Line)
		}
	}
}
