package report

import (
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// TestMarkdownSuggestionFence: a suggestion block shows the whole edited
// lines, and a line holding a run of backticks cannot close its fence.
func TestMarkdownSuggestionFence(t *testing.T) {
	fix := &lint.Fix{Description: "use `kube-system` <b>", Edits: []lint.Edit{{
		Range:      lint.Range{File: "a.tf", Line: 3, Column: 5},
		Text:       `"x"`,
		Lines:      "  sub = \"```\" # a\n  aud = \"sts\"\n",
		LinesRange: lint.Range{File: "a.tf", Line: 3, Column: 1, EndLine: 4, EndColumn: 1},
	}}}
	got := markdownSuggestions(fix)
	if !strings.Contains(got, "at `a.tf:3-4`") {
		t.Errorf("no line range: %s", got)
	}
	if !strings.Contains(got, "````suggestion\n  sub = \"```\" # a\n  aud = \"sts\"\n````\n") {
		t.Errorf("fence not longer than the backticks inside: %q", got)
	}
	if strings.Contains(got, "<b>") {
		t.Errorf("description not escaped: %q", got)
	}
	if markdownSuggestions(&lint.Fix{Description: "unresolved"}) != "" || markdownSuggestions(nil) != "" {
		t.Error("a fix without edits renders a suggestion")
	}
}
