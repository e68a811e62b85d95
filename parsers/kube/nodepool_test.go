package kube

import (
	"reflect"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// clearCapacity zeroes a node pool's capacity fields, which TestParseFile
// leaves to the capacity tests.
func clearCapacity(np *lint.NodePool) {
	np.Requirements, np.RequirementsUnknown, np.RequirementsRange = nil, false, lint.Range{}
	np.NodeLabels, np.NodeLabelsUnknown = nil, false
	np.Taints, np.StartupTaints, np.TaintsUnknown = nil, nil, false
	np.Limits, np.HasLimits, np.LimitsRange = lint.Resources{}, nil, lint.Range{}
}

// nodePool returns the node pool named name.
func nodePool(t *testing.T, es []lint.Entity, name string) *lint.NodePool {
	t.Helper()
	for _, e := range es {
		if np, ok := e.(*lint.NodePool); ok {
			if n, _ := np.Name.Str(); n == name {
				return np
			}
		}
	}
	t.Fatalf("no node pool %s", name)
	return nil
}

func TestNodePoolCapacity(t *testing.T) {
	es, diags := parseCapacity(t, "nodepools.yaml", Options{})
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	r := in("nodepools.yaml")
	tests := []struct {
		name          string
		requirements  []lint.Requirement
		reqRange      lint.Range
		labels        map[string]string
		taints        []lint.Taint
		startupTaints []lint.Taint
		limits        lint.Resources
		hasLimits     map[string]bool
	}{
		{
			name: "gpu",
			requirements: []lint.Requirement{
				{Key: "karpenter.k8s.aws/instance-family", Operator: lint.OpIn, Values: []string{"g5", "p4d"}, MinValues: 2, Range: r(16, 11, 19, 23)},
				{Key: "karpenter.sh/capacity-type", Operator: lint.OpNotIn, Values: []string{"spot"}, Range: r(20, 11, 22, 25)},
				{Key: "karpenter.k8s.aws/instance-gpu-count", Operator: lint.OpExists, Range: r(23, 11, 24, 27)},
				{Key: "karpenter.k8s.aws/instance-local-nvme", Operator: lint.OpDoesNotExist, Range: r(25, 11, 26, 33)},
				{Key: "karpenter.k8s.aws/instance-cpu", Operator: lint.OpGt, Values: []string{"7"}, Range: r(27, 11, 29, 24)},
				{Key: "karpenter.k8s.aws/instance-generation", Operator: lint.OpLt, Values: []string{"6"}, Range: r(30, 11, 32, 24)},
				// Gt needs an integer.
				{Key: "karpenter.k8s.aws/instance-memory", Operator: lint.OpGt, Values: []string{"lots"}, Unknown: true, Range: r(33, 11, 35, 25)},
			},
			reqRange: r(15, 7, 15, 19),
			labels:   map[string]string{"team": "ml"},
			taints: []lint.Taint{
				{Key: "nvidia.com/gpu", Effect: "NoSchedule", Range: r(37, 11, 38, 29)},
				{Key: "dedicated", Value: "ml", Effect: "NoExecute", Range: r(39, 11, 41, 28)},
			},
			startupTaints: []lint.Taint{{Key: "node.cilium.io/agent-not-ready", Value: "true", Effect: "NoSchedule", Range: r(43, 11, 45, 29)}},
			limits:        lint.Resources{MilliCPU: 1000_000, Memory: 4000 * gi, GPU: 16},
			hasLimits:     map[string]bool{"cpu": true, "memory": true, "gpu": true},
		},
		{
			name:         "beta",
			requirements: []lint.Requirement{{Key: "kubernetes.io/arch", Operator: lint.OpIn, Values: []string{"arm64"}, MinValues: 1, Range: r(63, 11, 66, 23)}},
			reqRange:     r(62, 7, 62, 19),
			labels:       map[string]string{"tier": "batch"},
			limits:       lint.Resources{MilliCPU: 500_000},
			hasLimits:    map[string]bool{"cpu": true},
		},
		{
			name:          "legacy",
			requirements:  []lint.Requirement{{Key: "node.kubernetes.io/instance-type", Operator: lint.OpIn, Values: []string{"m5.large", "m5.xlarge"}, Range: r(78, 7, 80, 36)}},
			reqRange:      r(77, 3, 77, 15),
			labels:        map[string]string{"pool": "legacy"},
			taints:        []lint.Taint{{Key: "legacy", Effect: "NoSchedule", Range: r(82, 7, 83, 25)}},
			startupTaints: []lint.Taint{{Key: "warming", Effect: "NoSchedule", Range: r(85, 7, 86, 25)}},
			limits:        lint.Resources{MilliCPU: 64_000, Memory: 256 * gi},
			hasLimits:     map[string]bool{"cpu": true, "memory": true},
		},
	}
	for _, tt := range tests {
		np := nodePool(t, es, tt.name)
		if !reflect.DeepEqual(np.Requirements, tt.requirements) || np.RequirementsRange != tt.reqRange || np.RequirementsUnknown {
			t.Errorf("%s requirements at %+v (unknown %v):\n got %+v\nwant %+v", tt.name, np.RequirementsRange, np.RequirementsUnknown, np.Requirements, tt.requirements)
		}
		if !reflect.DeepEqual(np.NodeLabels, tt.labels) || np.NodeLabelsUnknown {
			t.Errorf("%s labels %v (unknown %v), want %v", tt.name, np.NodeLabels, np.NodeLabelsUnknown, tt.labels)
		}
		if len(np.Taints)+len(tt.taints) > 0 && !reflect.DeepEqual(np.Taints, tt.taints) ||
			len(np.StartupTaints)+len(tt.startupTaints) > 0 && !reflect.DeepEqual(np.StartupTaints, tt.startupTaints) || np.TaintsUnknown {
			t.Errorf("%s taints %+v / %+v (unknown %v), want %+v / %+v", tt.name, np.Taints, np.StartupTaints, np.TaintsUnknown, tt.taints, tt.startupTaints)
		}
		if np.Limits != tt.limits || !reflect.DeepEqual(np.HasLimits, tt.hasLimits) {
			t.Errorf("%s limits %+v %v, want %+v %v", tt.name, np.Limits, np.HasLimits, tt.limits, tt.hasLimits)
		}
	}
}
