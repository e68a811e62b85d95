package yamlpos

import (
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

func TestRange(t *testing.T) {
	src := "a: plain\nb: \"quoted\"\nc: &anchor value\nd: |\n  block\ne: [1, 2]\n"
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		t.Fatal(err)
	}
	m := doc.Content[0]
	want := map[string][4]int{
		"a": {1, 4, 1, 9},
		"b": {2, 4, 2, 12},
		"c": {3, 12, 3, 17},
		"d": {4, 4, 4, 5},
		"e": {6, 4, 6, 10},
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i].Value, m.Content[i+1]
		r := Range("f.yaml", v)
		if got := [4]int{r.Line, r.Column, r.EndLine, r.EndColumn}; got != want[k] {
			t.Errorf("%s: %v, want %v", k, got, want[k])
		}
	}
	if r := Range("f.yaml", nil); !r.IsZero() {
		t.Errorf("nil node: %+v", r)
	}
}

func TestErrorLine(t *testing.T) {
	cases := []struct {
		msg  string
		line int
		ok   bool
	}{
		{"yaml: line 4: mapping values are not allowed in this context", 4, true},
		{"yaml: line 6: did not find expected key", 7, true}, // the parser reports 0-based lines
		{"yaml: unknown anchor 'x' referenced", 0, false},
	}
	for _, c := range cases {
		line, _, ok := ErrorLine(c.msg)
		if line != c.line || ok != c.ok {
			t.Errorf("%q: %d %v, want %d %v", c.msg, line, ok, c.line, c.ok)
		}
	}
}

func TestIndent(t *testing.T) {
	data := []byte("a:\n    b: |\n      c\n")
	for line, want := range map[int]int{1: 0, 2: 4, 3: 6, 9: 0} {
		if got := Indent(data, line); got != want {
			t.Errorf("Indent(line %d) = %d, want %d", line, got, want)
		}
	}
}

// A syntax error on the first line is one yaml.v3 reports without a
// line (its 0-based line 0): the parser's and the scanner's alike. A
// reader error (bad encoding) has no place.
func TestErrorLineFirstLine(t *testing.T) {
	for _, data := range []string{
		"{{- include \"values\" . }}\n",
		"a: b: c\n",
	} {
		_, err := DecodeAll([]byte(data))
		if err == nil {
			t.Fatalf("%q decoded", data)
		}
		line, detail, ok := ErrorLine(err.Error())
		if !ok || line != 1 || strings.HasPrefix(detail, "yaml:") {
			t.Errorf("%q: %v → line %d %q %v, want line 1", data, err, line, detail, ok)
		}
	}
	_, err := DecodeAll([]byte("a: \xff\n"))
	if err == nil {
		t.Fatal("invalid UTF-8 decoded")
	}
	if line, _, ok := ErrorLine(err.Error()); ok {
		t.Errorf("%v placed at line %d; a reader error names no place", err, line)
	}
}
