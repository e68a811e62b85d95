package lint

import (
	"strings"
	"testing"
)

// TestMarkdownSuggestionFence: a suggestion block shows the whole edited
// lines, and a line holding a run of backticks cannot close its fence.
func TestMarkdownSuggestionFence(t *testing.T) {
	fix := &Fix{Description: "use `kube-system` <b>", Edits: []Edit{{
		Range:      Range{File: "a.tf", Line: 3, Column: 5},
		Text:       `"x"`,
		Lines:      "  sub = \"```\" # a\n  aud = \"sts\"\n",
		LinesRange: Range{File: "a.tf", Line: 3, Column: 1, EndLine: 4, EndColumn: 1},
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
	if markdownSuggestions(&Fix{Description: "unresolved"}) != "" || markdownSuggestions(nil) != "" {
		t.Error("a fix without edits renders a suggestion")
	}
}
