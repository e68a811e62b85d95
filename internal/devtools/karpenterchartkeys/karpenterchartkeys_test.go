package karpenterchartkeys

import (
	"os"
	"path/filepath"
	"testing"
)

// TestTableFresh regenerates the table from a mirror named by
// KARPENTER_CHART_GIT (a bare git directory of
// github.com/aws/karpenter-provider-aws) and compares it with the
// committed one; skipped without a mirror.
func TestTableFresh(t *testing.T) {
	gitDir := os.Getenv("KARPENTER_CHART_GIT")
	if gitDir == "" {
		t.Skip("KARPENTER_CHART_GIT not set")
	}
	out := filepath.Join(t.TempDir(), "table.go")
	if err := run(gitDir, out); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../../parsers/helm/karpenter_chart_keys.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Error("parsers/helm/karpenter_chart_keys.go is stale: run go run -tags devtools ./scripts/karpenter-chart-keys -git DIR")
	}
}
