package graph

import (
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// big is a graph over GitHub's Mermaid limits: n nodes with long labels,
// each joined to the next two.
func big(n int) *Graph {
	g := &Graph{}
	for i := 0; i < n; i++ {
		g.Nodes = append(g.Nodes, Node{Addr: "a" + itoa(i), Kind: lint.KindRole, Label: strings.Repeat("<&>", 60), Where: "f.tf:1"})
	}
	for i := 0; i+2 < n; i++ {
		g.Edges = append(g.Edges, Edge{From: i, To: i + 1, Label: UsesRole}, Edge{From: i, To: i + 2, Label: HoldsRole})
	}
	g.finish()
	return g
}

func TestMermaidWithinGitHubLimits(t *testing.T) {
	var b strings.Builder
	if err := WriteMermaid(&b, big(900)); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if len(out) > 50000 {
		t.Errorf("%d characters, over GitHub's 50,000", len(out))
	}
	if n := strings.Count(out, " -->|"); n > 500 || n == 0 {
		t.Errorf("%d edges drawn, GitHub renders at most 500", n)
	}
	if !strings.Contains(out, "more entities and") {
		t.Error("a cut graph does not say what it left out")
	}
	b.Reset()
	small := big(5)
	if err := WriteMermaid(&b, small); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "more[") || strings.Count(b.String(), " -->|") != len(small.Edges) {
		t.Errorf("a small graph was cut:\n%s", b.String())
	}
}

func TestDOTString(t *testing.T) {
	for in, want := range map[string]string{
		`a"b`:      `"a\"b"`,
		`a\nb`:     `"a\\nb"`,
		"a\nb\t\"": `"a b \""`,
		`\`:        `"\\"`,
		"x\u202ey": "\"x\ufffdy\"",
	} {
		if got := dotString(in); got != want {
			t.Errorf("dotString(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestHTMLDataCannotEndTheScript(t *testing.T) {
	g := &Graph{Nodes: []Node{{ID: "n1", Addr: "</script><script>alert(1)</script>", Label: "<!--", Kind: lint.KindRole}}}
	var b strings.Builder
	if err := WriteHTML(&b, g, "</title><script>x</script>"); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	if strings.Count(page, "<script") != 2 || strings.Count(page, "</script>") != 2 || strings.Contains(page, "<!--") {
		t.Errorf("input text changed the page's markup:\n%s", page)
	}
	// The SVG namespace is a name, not a fetch; nothing else is addressed.
	if strings.Count(page, "http") != strings.Count(page, "http://www.w3.org/2000/svg")+strings.Count(page, "http-equiv") || strings.Contains(page, "//fonts") {
		t.Error("the page names a network address")
	}
}

// TestLayoutOrdersBands: the HTML layout orders a band by its neighbours
// above, so two crossed edges uncross, and a node many nodes point to sits
// under the middle of them rather than at the left edge.
func TestLayoutOrdersBands(t *testing.T) {
	g := &Graph{
		Nodes: []Node{
			{ID: "n1", Addr: "a1", Kind: lint.KindNodeGroup},
			{ID: "n2", Addr: "a2", Kind: lint.KindNodeGroup},
			{ID: "n3", Addr: "a3", Kind: lint.KindNodeGroup},
			{ID: "n4", Addr: "b1", Kind: lint.KindLaunchTemplate},
			{ID: "n5", Addr: "b2", Kind: lint.KindLaunchTemplate},
			{ID: "n6", Addr: "c1", Kind: lint.KindRole},
		},
		Edges: []Edge{{From: 0, To: 4}, {From: 1, To: 3}, {From: 1, To: 5}, {From: 2, To: 5}},
	}
	d := layout(g, "t")
	x := map[string]int{}
	for _, n := range d.Nodes {
		x[n.Addr] = n.X
	}
	if x["b2"] >= x["b1"] {
		t.Errorf("b2 (under a1) should be left of b1 (under a2): %v", x)
	}
	if x["c1"] <= x["a1"] {
		t.Errorf("c1 (used by a2 and a3) sits at the left edge: %v", x)
	}
}
