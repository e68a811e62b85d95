package lint

import "testing"

// TestReleaseChartArchive checks the chart name and version read from a
// chart archive's file name, the way `helm package` writes it.
func TestReleaseChartArchive(t *testing.T) {
	cases := []struct{ chart, name, version string }{
		{"https://github.com/kubernetes/autoscaler/releases/download/cluster-autoscaler-chart-9.29.1/cluster-autoscaler-9.29.1.tgz", "cluster-autoscaler", "9.29.1"},
		{"./charts/aws-load-balancer-controller-1.8.0-rc.2+build.7.tgz", "aws-load-balancer-controller", "1.8.0-rc.2+build.7"},
		{"https://example.com/dl/redis-17.3.2.tgz?token=abc", "redis", "17.3.2"},
		{"charts/tools-v1.2.3.tgz", "tools", "v1.2.3"},
		{"oci://public.ecr.aws/karpenter/karpenter:1.0.6", "karpenter", ""},
		{"eks/aws-load-balancer-controller", "aws-load-balancer-controller", ""},
	}
	for _, chart := range []string{"charts/x-01.2.3.tgz", "charts/x-1.2.tgz", "charts/nover.tgz"} {
		if v := (&Release{Chart: chart}).ArchiveVersion(); v != "" {
			t.Errorf("ArchiveVersion(%q) = %q, want none: not a semantic version", chart, v)
		}
	}
	for _, c := range cases {
		r := &Release{Chart: c.chart}
		if got := r.ChartName(); got != c.name {
			t.Errorf("ChartName(%q) = %q, want %q", c.chart, got, c.name)
		}
		if got := r.ArchiveVersion(); got != c.version {
			t.Errorf("ArchiveVersion(%q) = %q, want %q", c.chart, got, c.version)
		}
	}
}
