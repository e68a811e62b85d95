package report

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/mermaidcheck"

	"github.com/faultline-dev/faultline/lint"
)

// mermaidCheckDir holds the Node.js script that parses diagrams with the
// real Mermaid parser, and its pinned packages.
var mermaidCheckDir = filepath.Join("..", "..", "scripts", "mermaid-check")

// mermaidBlocks returns the Mermaid blocks of a Markdown text, without
// their fences.
func mermaidBlocks(md string) []string {
	var out []string
	for {
		i := strings.Index(md, "```mermaid\n")
		if i < 0 {
			return out
		}
		md = md[i+len("```mermaid\n"):]
		j := strings.Index(md, "\n```\n")
		if j < 0 {
			return append(out, md)
		}
		out = append(out, md[:j+1])
		md = md[j+len("\n```\n"):]
	}
}

// mermaidParse parses every diagram with Mermaid under Node.js, in one
// process, installing the pinned packages first when they are missing. It
// returns, for each diagram, "" when it parsed and the error otherwise.
func mermaidParse(t *testing.T, diagrams []string) []string {
	t.Helper()
	results, err := mermaidcheck.Parse(mermaidCheckDir, diagrams)
	if errors.Is(err, mermaidcheck.ErrNoNode) {
		t.Skip("node not found on PATH: the Mermaid diagrams are not parsed (install Node.js to run this test)")
	}
	if err != nil {
		t.Fatal(err)
	}
	errs := make([]string, len(results))
	for i, r := range results {
		switch {
		case !r.OK:
			errs[i] = r.Error
		case r.Type != "flowchart-v2":
			errs[i] = "parsed as " + r.Type + ", not a flowchart"
		}
	}
	return errs
}

// TestMermaidParses parses, with the real Mermaid parser, every diagram in
// the Markdown goldens (the examples' reports among them, which
// cmd/faultline keeps equal to the CLI's output) and the diagrams of the
// hostile and oversized findings; a diagram known to be broken must fail,
// so a parser that accepts anything fails the test.
func TestMermaidParses(t *testing.T) {
	goldens, err := filepath.Glob(filepath.Join("testdata", "*", "*.md*"))
	if err != nil {
		t.Fatal(err)
	}
	var names, diagrams []string
	for _, g := range goldens {
		data, err := os.ReadFile(g)
		if err != nil {
			t.Fatal(err)
		}
		for i, d := range mermaidBlocks(string(data)) {
			names = append(names, g+" block "+string(rune('1'+i)))
			diagrams = append(diagrams, d)
		}
	}
	if !strings.Contains(strings.Join(names, " "), filepath.Join("testdata", "markdown")) {
		t.Fatal("no diagram in testdata/markdown: the examples' reports are missing")
	}
	hostile := lint.Finding{
		Rule: "FL201", Severity: lint.Error, Message: hostileText, Range: lint.Range{File: "in`fra/\"main\".tf", Line: 3},
		Related: []lint.Location{{Range: lint.Range{File: "k8s/<sa>.yaml", Line: 7}, Message: hostileText, Revision: "HEAD~1 \"]"}},
		Chain:   []string{hostileText, "-->", "%%", "```"},
	}
	bare := lint.Finding{Related: []lint.Location{{}, {Message: " \n "}, {Range: lint.Range{File: "gone.tf"}, Revision: "main"}}, Chain: []string{""}}
	for name, f := range map[string]lint.Finding{"hostile": hostile, "limits": limitsFinding(), "bare": bare} {
		for _, d := range mermaidBlocks(markdownFinding(f, nil)) {
			names, diagrams = append(names, name), append(diagrams, d)
		}
	}
	broken := "flowchart TD\n  f[\"a \" b\"]\n"
	errs := mermaidParse(t, append(diagrams, broken))
	if errs[len(errs)-1] == "" {
		t.Errorf("the parser accepted a broken diagram: %q", broken)
	}
	for i, e := range errs[:len(diagrams)] {
		if e != "" {
			t.Errorf("%s does not parse: %s\n%s", names[i], e, diagrams[i])
		}
	}
	t.Logf("%d diagrams parsed", len(diagrams))
}
