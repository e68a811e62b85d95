package kustomize

import (
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/yamlpos"
	"go.yaml.in/yaml/v3"
)

// locateAll is locate walking every node (as it did before it skipped
// what lies above or below the line asked).
func locateAll(root *yaml.Node, line, col int) (steps []step, isKey bool, val *yaml.Node, ok bool) {
	at := func(n *yaml.Node) bool {
		l, c := yamlpos.Start(n)
		return l == line && (c == col || n.Column == col)
	}
	var walk func(n *yaml.Node, depth int) bool
	walk = func(n *yaml.Node, depth int) bool {
		if depth > maxRangeDepth {
			return false
		}
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				k, v := n.Content[i], n.Content[i+1]
				steps = append(steps, step{key: k.Value})
				if at(k) {
					isKey, val = true, v
					return true
				}
				if at(v) && v.Kind == yaml.ScalarNode {
					val = v
					return true
				}
				if walk(v, depth+1) {
					return true
				}
				if at(v) {
					val = v
					return true
				}
				steps = steps[:len(steps)-1]
			}
		case yaml.SequenceNode:
			for i, it := range n.Content {
				steps = append(steps, step{index: i, isIndex: true, item: it})
				if at(it) && it.Kind == yaml.ScalarNode {
					val = it
					return true
				}
				if walk(it, depth+1) {
					return true
				}
				if at(it) {
					val = it
					return true
				}
				steps = steps[:len(steps)-1]
			}
		}
		return false
	}
	if at(root) && root.Kind != yaml.MappingNode {
		return nil, false, root, true
	}
	if walk(root, 0) {
		return steps, isKey, val, true
	}
	if at(root) {
		return nil, false, root, true
	}
	return nil, false, nil, false
}

// randomYAML writes a random document: block and flow mappings and
// sequences, scalars plain, quoted, anchored and multi-line.
func randomYAML(rng *rand.Rand, b *strings.Builder, indent string, depth int) {
	n := 1 + rng.Intn(4)
	switch k := rng.Intn(5); {
	case depth > 3 || k == 0:
		fmt.Fprintf(b, "%s- v%d\n", indent, rng.Intn(9))
		return
	case k == 1:
		fmt.Fprintf(b, "%sflow: {a: 1, b: [x, y], c: {d: e}}\n", indent)
	case k == 2:
		for i := 0; i < n; i++ {
			fmt.Fprintf(b, "%s- item%d\n", indent, i)
			if rng.Intn(2) == 0 {
				fmt.Fprintf(b, "%s- k%d: v\n%s  more:\n", indent, i, indent)
				randomYAML(rng, b, indent+"    ", depth+1)
			}
		}
		return
	}
	for i := 0; i < n; i++ {
		switch rng.Intn(4) {
		case 0:
			fmt.Fprintf(b, "%sk%d: |\n%s  line one\n%s  line two\n", indent, i, indent, indent)
		case 1:
			fmt.Fprintf(b, "%sk%d: &a%d \"quoted\"\n", indent, i, i)
		default:
			fmt.Fprintf(b, "%sk%d:\n", indent, i)
			randomYAML(rng, b, indent+"  ", depth+1)
		}
	}
}

// Skipping what lies above or below the line asked finds what walking
// every node finds, at every position of every node and beside them.
func TestLocateSkipsOnlyWhatCannotMatch(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	asked := 0
	for d := 0; d < 300; d++ {
		var b strings.Builder
		b.WriteString("kind: X\nspec:\n")
		randomYAML(rng, &b, "  ", 0)
		var root yaml.Node
		if err := yaml.Unmarshal([]byte(b.String()), &root); err != nil || len(root.Content) == 0 {
			continue
		}
		doc := root.Content[0]
		var nodes []*yaml.Node
		var collect func(n *yaml.Node)
		collect = func(n *yaml.Node) {
			nodes = append(nodes, n)
			for _, c := range n.Content {
				collect(c)
			}
		}
		collect(doc)
		for _, n := range nodes {
			l, c := yamlpos.Start(n)
			for _, p := range [][2]int{{l, c}, {n.Line, n.Column}, {l, c + 1}, {l + 1, 1}} {
				gs, gk, gv, gok := locate(doc, p[0], p[1])
				ws, wk, wv, wok := locateAll(doc, p[0], p[1])
				if !reflect.DeepEqual(gs, ws) || gk != wk || gv != wv || gok != wok {
					t.Fatalf("%d:%d in\n%s\nlocate: %v %v %v %v\nwalking all: %v %v %v %v", p[0], p[1], b.String(), gs, gk, gv, gok, ws, wk, wv, wok)
				}
				asked++
			}
		}
	}
	if asked < 1000 {
		t.Fatalf("%d positions asked: the test proves nothing", asked)
	}
}
