package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExamplesMarkdown runs `faultline lint --format markdown` on every
// example and compares the report, Mermaid diagrams included, with
// lint/report/testdata/markdown/<scenario>-<variant>.md (rewritten by -update);
// lint/report's TestMermaidParses parses those diagrams with the real Mermaid
// parser.
func TestExamplesMarkdown(t *testing.T) {
	root := repoRoot(t)
	for _, dir := range examples(t, root) {
		name := strings.ReplaceAll(strings.TrimPrefix(dir, "examples/"), "/", "-")
		t.Run(name, func(t *testing.T) {
			stdout, stderr, _ := runCLI(t, root, "lint", "--format", "markdown", dir)
			if stderr != "" {
				t.Errorf("faultline lint --format markdown %s wrote to stderr:\n%s", dir, stderr)
			}
			golden := filepath.Join(root, "lint", "report", "testdata", "markdown", name+".md")
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, []byte(stdout), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if stdout != string(want) {
				t.Errorf("faultline lint --format markdown %s differs from %s (rerun with -update if the change is intended)\n%s",
					dir, golden, firstDifference(string(want), stdout))
			}
			if strings.Contains(dir, "/broken") && !strings.Contains(stdout, "```mermaid\nflowchart TD\n") {
				t.Errorf("the report of %s draws no chain", dir)
			}
		})
	}
}
