package nesting

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
	kyaml "sigs.k8s.io/kustomize/kyaml/yaml"
)

const manifestHead = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: deep\ndata:\n"

func deepBlockYAML(n int) string {
	var b strings.Builder
	b.WriteString(manifestHead)
	for i := 1; i <= n; i++ {
		b.WriteString(repeat(" ", i) + "k:\n")
	}
	return b.String()
}

func TestYAMLRejectsDeepInput(t *testing.T) {
	const n = 200000
	cases := []struct {
		name      string
		src       string
		line, col int
	}{
		// the root mapping is level 1, so the 1000th bracket is 1001
		{"flow sequences", manifestHead + "  a: " + repeat("[", n) + repeat("]", n) + "\n", 6, 5 + 999},
		{"flow mappings", manifestHead + "  a: " + repeat("{a: ", n) + "1" + repeat("}", n) + "\n", 6, 6 + 4*998},
		{"sequences on one line", manifestHead + "  a:\n    " + repeat("- ", n) + "x\n", 7, 5 + 2*998},
		// the root mapping is level 1, and the key on line 5+i is 1+i
		{"block mappings", deepBlockYAML(1200), 5 + 1000, 1 + 1000},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			exs := YAML([]byte(c.src))
			if len(exs) != 1 {
				t.Fatalf("got %d results", len(exs))
			}
			if e := exs[0]; e.Line != c.line || e.Column != c.col || e.DocStart != 0 || e.DocEnd != len(c.src) {
				t.Errorf("got %+v, want %d:%d", e, c.line, c.col)
			}
		})
	}
}

func TestYAMLOrdinaryManifests(t *testing.T) {
	src := `# a comment [[[[
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  annotations:
    note: "unbalanced [[[ in a string"
    other: 'it''s {{{ too'
    plain: this is [not a flow] value # and a comment {{{
spec:
  template:
    spec:
      containers:
        - name: web
          args: ["--flag", "{x}", {a: [1, 2]}]
          command:
            - /bin/sh
            - -c
            - |
              if [ -f /x ]; then echo "{{{{"; fi
              [[[[[[[[[
            - >-
              folded {{{{
      - - nested
        - sequences
---
kind: Next
`
	if exs := YAML([]byte(src)); len(exs) != 0 {
		t.Fatalf("rejected: %+v", exs)
	}
	// root, spec, template, spec, containers, the container, args, the
	// flow mapping and its sequence: 9
	if exs := scanYAML([]byte(src), 8); len(exs) != 1 || exs[0].Line != 15 {
		t.Errorf("the args sequence is 9 deep: %+v", exs)
	}
	if exs := scanYAML([]byte(src), 9); len(exs) != 0 {
		t.Errorf("nothing is 10 deep: %+v", exs)
	}
}

// TestYAMLOtherDocumentsSurvive: only the deep document is reported, and
// Blank leaves the others where a decoder finds them.
func TestYAMLOtherDocumentsSurvive(t *testing.T) {
	src := "kind: A\n---\nkind: B\nx: " + repeat("[", 3000) + "\n---\nkind: C\n"
	exs := YAML([]byte(src))
	if len(exs) != 1 || exs[0].Line != 4 || exs[0].DocStart != len("kind: A\n---") {
		t.Fatalf("got %+v", exs)
	}
	blank := Blank([]byte(src), exs)
	if len(blank) != len(src) || bytes.Count(blank, []byte("\n")) != strings.Count(src, "\n") {
		t.Fatalf("Blank changed the lines")
	}
	dec := yaml.NewDecoder(bytes.NewReader(blank))
	var kinds []string
	var lines []int
	for {
		var n yaml.Node
		if err := dec.Decode(&n); err != nil {
			if !errors.Is(err, io.EOF) {
				t.Fatal(err)
			}
			break
		}
		var doc struct{ Kind string }
		if err := n.Decode(&doc); err != nil {
			t.Fatal(err)
		}
		kinds, lines = append(kinds, doc.Kind), append(lines, n.Content[0].Line)
	}
	if fmt.Sprint(kinds) != "[A  C]" || lines[2] != 6 {
		t.Errorf("documents %q at lines %v", kinds, lines)
	}
}

// TestYAMLParsersStopThemselves records the backstop: yaml.v3 and kyaml
// refuse 200,000-deep flow and block input with an error of their own.
func TestYAMLParsersStopThemselves(t *testing.T) {
	for name, src := range map[string]string{
		"flow":  repeat("[", 200000),
		"block": repeat("- ", 200000) + "x\n",
	} {
		var n yaml.Node
		if err := yaml.Unmarshal([]byte(src), &n); err == nil {
			t.Errorf("yaml.v3 accepted 200000-deep %s input", name)
		}
		if _, err := kyaml.Parse(src); err == nil {
			t.Errorf("kyaml accepted 200000-deep %s input", name)
		}
	}
}

// TestYAMLDepthOfEncodedTrees: for random trees written by yaml.v3 in
// block and flow styles, with scalars full of brackets, quotes and
// newlines, the scanner measures the tree's depth exactly.
func TestYAMLDepthOfEncodedTrees(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		n, depth := randomNode(r, 0, false)
		src, err := yaml.Marshal(n)
		if err != nil {
			t.Fatal(err)
		}
		if depth > 0 && len(scanYAML(src, depth-1)) != 1 {
			t.Fatalf("depth %d not reached in\n%s", depth, src)
		}
		if exs := scanYAML(src, depth); len(exs) != 0 {
			t.Fatalf("depth %d passed at %d:%d in\n%s", depth, exs[0].Line, exs[0].Column, src)
		}
	}
}

var scalars = []string{"plain", "[", "{a", "]]", "a: b", "- x", "#c", "x #c", "'", "\"", "it's", "a\nb [\n{", "|", ">", "&a", "*", "? q", "---", "...", ""}

// randomNode returns a random tree and its depth in collections; inside
// a flow collection (flow) everything is flow.
func randomNode(r *rand.Rand, level int, flow bool) (*yaml.Node, int) {
	if level > 6 || r.IntN(3) == 0 {
		n := &yaml.Node{Kind: yaml.ScalarNode, Value: scalars[r.IntN(len(scalars))]}
		if !flow && r.IntN(3) == 0 {
			n.Style, n.Value = yaml.LiteralStyle, "text [[[\n  {{ - a: b\n# not a comment\n"
		}
		return n, 0
	}
	n := &yaml.Node{Kind: yaml.MappingNode}
	if r.IntN(2) == 0 {
		n.Kind = yaml.SequenceNode
	}
	if flow || r.IntN(4) == 0 {
		n.Style = yaml.FlowStyle
	}
	deepest := 0
	for i := range r.IntN(4) {
		if n.Kind == yaml.MappingNode {
			n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: fmt.Sprintf("k%d", i)})
		}
		c, d := randomNode(r, level+1, n.Style == yaml.FlowStyle)
		n.Content = append(n.Content, c)
		deepest = max(deepest, d)
	}
	return n, deepest + 1
}

// FuzzYAML: never panics, reports positions inside the document they
// name, and Blank keeps every line where it was.
func FuzzYAML(f *testing.F) {
	for _, s := range []string{
		"a:\n  b: [1, {c: 'd'}]\n---\n- - x\n",
		"a: |\n  [[[\nb: \"[[\"\n",
		repeat("[", 2000),
		repeat("- ", 2000),
		deepBlockYAML(40),
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		exs := scanYAML(src, 4)
		for i := range exs {
			e := &exs[i]
			inside(t, src, e)
			if e.Offset < e.DocStart || e.Offset >= e.DocEnd || i > 0 && e.DocStart < exs[i-1].DocEnd {
				t.Fatalf("result %+v outside its document", e)
			}
		}
		blank := Blank(src, exs)
		if len(blank) != len(src) || !bytes.Equal(bytes.Map(keepNewlines, blank), bytes.Map(keepNewlines, src)) {
			t.Fatalf("Blank moved lines")
		}
	})
}

func keepNewlines(r rune) rune {
	if r == '\n' {
		return r
	}
	return -1
}
