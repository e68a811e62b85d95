package report

import (
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

func TestSnippetWindowsLongLines(t *testing.T) {
	long := strings.Repeat("a", 5000) + "TARGET" + strings.Repeat("b", 5000)
	c := &sourceCache{read: func(string) ([]byte, bool) { return []byte("short = 1\n" + long + "\n"), true }, lines: map[string][]string{}}
	s, ok := c.snippet(lint.Range{File: "x.tf", Line: 2, Column: 5001, EndLine: 2, EndColumn: 5007})
	if !ok {
		t.Fatal("no snippet")
	}
	if n := len([]rune(s.code)); n > maxSnippetRunes+2 {
		t.Errorf("snippet is %d characters, want at most %d", n, maxSnippetRunes+2)
	}
	if !strings.HasPrefix(s.code, "…") || !strings.HasSuffix(s.code, "…") {
		t.Errorf("a cut line is not marked: %.20q…", s.code)
	}
	if got := []rune(s.code)[s.pad : s.pad+s.carets]; string(got) != "TARGET" {
		t.Errorf("carets under %q, want TARGET", string(got))
	}
	// A short line is shown whole.
	s, _ = c.snippet(lint.Range{File: "x.tf", Line: 1, Column: 1, EndLine: 1, EndColumn: 6})
	if s.code != "short = 1" || s.pad != 0 || s.carets != 5 {
		t.Errorf("short line: %+v", s)
	}
	// A span running to the next line ends with the window.
	s, _ = c.snippet(lint.Range{File: "x.tf", Line: 2, Column: 1, EndLine: 3, EndColumn: 1})
	if strings.HasPrefix(s.code, "…") || s.carets != maxSnippetRunes {
		t.Errorf("span to the next line: pad %d, carets %d", s.pad, s.carets)
	}
}

// A binary file (a chart archive a finding points into) shows no line.
func TestSnippetNotOfBinaryFile(t *testing.T) {
	c := &sourceCache{read: func(string) ([]byte, bool) { return []byte("\x1f\x8b\x08\x00\x00\x00name\nmore\n"), true }, lines: map[string][]string{}}
	if s, ok := c.snippet(lint.Range{File: "charts/app-1.0.0.tgz", Line: 1, Column: 1}); ok {
		t.Errorf("snippet of a binary file: %q", s.code)
	}
	c = &sourceCache{read: func(string) ([]byte, bool) { return []byte("name: app\n"), true }, lines: map[string][]string{}}
	if _, ok := c.snippet(lint.Range{File: "Chart.yaml", Line: 1, Column: 1}); !ok {
		t.Error("no snippet of a text file")
	}
}
