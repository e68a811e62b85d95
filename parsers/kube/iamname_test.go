package kube

import "testing"

func TestAroundPlaceholders(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"${CLUSTER_NAME}-node-role", "${…}-node-role", true},
		{"KarpenterNodeRole-${CLUSTER_NAME}", "KarpenterNodeRole-${…}", true},
		{"{{ .Values.env }}-nodes-{{ .Values.region }}", "${…}", true},
		{"karpenter-__CLUSTER__", "karpenter-${…}", true},
		{"<CLUSTER_NAME>-karpenter", "${…}-karpenter", true},
		{"prod-nodes", "", false},
		{"${unclosed-nodes", "", false},
	} {
		got, ok := aroundPlaceholders(c.in)
		if ok != c.ok || ok && got.String() != c.want {
			t.Errorf("aroundPlaceholders(%q) = %q, %v; want %q, %v", c.in, got.String(), ok, c.want, c.ok)
		}
	}
}
