package chartkeys

import (
	"os"
	"path/filepath"
	"testing"
)

// TestTableFresh regenerates each chart's table from a mirror named by
// an environment variable (a bare git directory of the chart's
// repository: KARPENTER_CHART_GIT for github.com/aws/karpenter-provider-aws,
// CLUSTER_AUTOSCALER_CHART_GIT for github.com/kubernetes/autoscaler) and
// compares it with the committed one; a chart without a mirror is skipped.
func TestTableFresh(t *testing.T) {
	for name, env := range map[string]string{"karpenter": "KARPENTER_CHART_GIT", "cluster-autoscaler": "CLUSTER_AUTOSCALER_CHART_GIT"} {
		t.Run(name, func(t *testing.T) {
			gitDir := os.Getenv(env)
			if gitDir == "" {
				t.Skip(env + " not set")
			}
			c := charts[name]
			out := filepath.Join(t.TempDir(), "table.go")
			if err := run(c, gitDir, out); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join("../../..", c.out))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Errorf("%s is stale: run go run -tags devtools ./scripts/chart-keys -chart %s -git DIR", c.out, name)
			}
		})
	}
}

// TestReleaseTags checks which tags each chart takes as its releases.
func TestReleaseTags(t *testing.T) {
	for _, c := range []struct {
		chart, tag string
		want       bool
	}{
		{"karpenter", "v0.16.0", true},
		{"karpenter", "v0.15.0", false},
		{"karpenter", "v0.28.0-rc.1", true},
		{"karpenter", "v1.7.3-hash-fix-backport", false},
		{"karpenter", "0.37.0", false},
		{"cluster-autoscaler", "cluster-autoscaler-chart-9.29.0", true},
		{"cluster-autoscaler", "cluster-autoscaler-chart-2.0.0", false},
		{"cluster-autoscaler", "cluster-autoscaler-1.29.0", false},
		{"cluster-autoscaler", "cluster-autoscaler-chart-9.29", false},
	} {
		if _, got := charts[c.chart].release(c.tag); got != c.want {
			t.Errorf("%s release(%q) = %v, want %v", c.chart, c.tag, got, c.want)
		}
	}
}
