package karpenterplacement

import (
	"os"
	"path/filepath"
	"testing"
)

// TestTableFresh regenerates the table from a mirror of
// github.com/aws/karpenter-provider-aws named by KARPENTER_CHART_GIT (a
// bare git directory) and compares it with the committed one; without
// a mirror it is skipped, as chart-keys' is.
func TestTableFresh(t *testing.T) {
	gitDir := os.Getenv("KARPENTER_CHART_GIT")
	if gitDir == "" {
		t.Skip("KARPENTER_CHART_GIT not set")
	}
	out := filepath.Join(t.TempDir(), "table.go")
	if err := Run(gitDir, out); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../../parsers/helm/karpenter_placement.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Error("parsers/helm/karpenter_placement.go is stale: run go run -tags devtools ./scripts/karpenter-placement -git DIR")
	}
}

// TestYAMLOf: empty collections and nil are no default.
func TestYAMLOf(t *testing.T) {
	for _, c := range []struct {
		in   any
		want string
	}{
		{nil, ""}, {map[string]any{}, ""}, {[]any{}, ""},
		{map[string]any{"kubernetes.io/os": "linux"}, "kubernetes.io/os: linux\n"},
	} {
		if got := yamlOf(c.in); got != c.want {
			t.Errorf("yamlOf(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}
