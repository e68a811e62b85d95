package scheduling

import (
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// EKS's Fargate wildcards: * any run of characters (none included), ?
// exactly one, in any position and in combination.
func TestWildcardMatch(t *testing.T) {
	for _, c := range []struct {
		pattern, s string
		want       bool
	}{
		{"prod*", "prod", true},
		{"prod*", "prod-metrics", true},
		{"value?", "valuea", true},
		{"value?", "value", false},
		{"value?", "value-a", false},
		{"*dev", "team-dev", true},
		{"*dev", "team-dev-1", false},
		{"frontend*?", "frontend", false},
		{"frontend*?", "frontend1", true},
		{"t?am-*-api", "team-shop-api", true},
		{"t?am-*-api", "team-shop-web", false},
		{"*", "", true},
		{"a*b*c", "axxbyyc", true},
		{"a*b*c", "axxbyy", false},
		{"app.kubernetes.io/*", "app.kubernetes.io/name", true},
	} {
		if got := wildcardMatch(c.pattern, c.s); got != c.want {
			t.Errorf("wildcardMatch(%q, %q) = %v, want %v", c.pattern, c.s, got, c.want)
		}
	}
}

// A selector's label key with a wildcard selects a pod by any label whose
// key it matches, with a value the selector's value matches.
func TestPodLabelMatchWildcardKey(t *testing.T) {
	pod := &lint.PodScheduling{PodLabels: map[string]string{"app.kubernetes.io/name": "karpenter"}}
	for _, c := range []struct {
		key   string
		value lint.Value
		want  lint.Tri
	}{
		{"app.kubernetes.io/*", lint.Known("karp*"), lint.Yes},
		{"app.kubernetes.io/*", lint.Known("web"), lint.No},
		{"team/*", lint.Known("*"), lint.No},
		{"app.kubernetes.io/name", lint.Known("karpenter"), lint.Yes},
		{"app.kubernetes.io/name", lint.Known("karpente?"), lint.Yes},
		{"app.kubernetes.io/instance", lint.Known("karpenter"), lint.No},
	} {
		if got := podLabelMatch(c.key, c.value, pod); got != c.want {
			t.Errorf("podLabelMatch(%q, %v) = %v, want %v", c.key, c.value, got, c.want)
		}
	}
	unknown := &lint.PodScheduling{PodLabelsUnknown: true}
	if got := podLabelMatch("app*", lint.Known("x"), unknown); got != lint.Maybe {
		t.Errorf("labels not known: %v, want Maybe", got)
	}
}

// A root's cluster is known when the root declares exactly one cluster by
// a known name; one declaring two, or one whose name is not known, places
// nothing (its workloads keep every cluster's capacity).
func TestRootClusters(t *testing.T) {
	cluster := func(root string, name lint.Value) *lint.Cluster {
		cl := &lint.Cluster{}
		cl.Root, cl.Name = root, name
		return cl
	}
	m := &lint.Model{Clusters: []*lint.Cluster{
		cluster("prod", lint.Known("prod")),
		cluster("shared", lint.Known("blue")),
		cluster("shared", lint.Known("green")),
		cluster("twice", lint.Known("lab")),
		cluster("twice", lint.Known("lab")),
		cluster("dev", lint.Unknown()),
		cluster("", lint.Known("loose")),
	}}
	got := rootClusters(m)
	want := map[string]string{"prod": "prod", "twice": "lab"}
	if len(got) != len(want) || got["prod"] != "prod" || got["twice"] != "lab" {
		t.Errorf("rootClusters = %v, want %v", got, want)
	}
	c := &checker{m: m, rootCluster: got}
	w := &lint.Workload{}
	w.Root = "prod"
	if p := c.inRootCluster(w); p == w || p.Scope.Cluster != "prod" || w.Scope.Cluster != "" {
		t.Errorf("a prod workload placed in %q (the original in %q)", p.Scope.Cluster, w.Scope.Cluster)
	}
	w.Root = "shared"
	if p := c.inRootCluster(w); p != w {
		t.Errorf("a workload of a root with two clusters placed in %q", p.Scope.Cluster)
	}
	w.Root, w.Scope.Cluster = "prod", "other"
	if p := c.inRootCluster(w); p != w {
		t.Errorf("a workload whose scope names its cluster placed again in %q", p.Scope.Cluster)
	}
}
