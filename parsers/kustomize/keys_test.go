package kustomize

import (
	"testing"

	"go.yaml.in/yaml/v3"
	"sigs.k8s.io/kustomize/api/types"
)

// TestRefusedNode checks that the node refusedNode points at is the one
// kustomize's own decoder refuses, and that what it decodes is not
// pointed at.
func TestRefusedNode(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		line, col int // 0: nothing refused
	}{
		{"fine", "resources:\n  - a.yaml\nreplicas:\n  - name: web\n    count: 2\n", 0, 0},
		{"null value", "resources:\nnamespace: ~\n", 0, 0},
		{"unknown key", "namespace: x\nresourcs:\n  - a.yaml\n", 2, 1},
		{"unknown nested key", "patches:\n  - path: p.yaml\n    traget:\n      kind: Service\n", 3, 5},
		{"scalar where object", "patches:\n  - path: p.yaml\n  - q.yaml\n", 3, 5},
		{"scalar where list", "resources: a.yaml\n", 1, 12},
		{"number where string", "namespace: 42\n", 1, 12},
		{"string where number", "replicas:\n  - name: web\n    count: two\n", 3, 12},
		{"list where map", "commonLabels:\n  - team\n", 2, 3},
		{"mapping where string", "images:\n  - name: nginx\n    newTag:\n      v: 1\n", 4, 7},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var doc yaml.Node
			if err := yaml.Unmarshal([]byte(tc.src), &doc); err != nil {
				t.Fatal(err)
			}
			var k types.Kustomization
			refused := k.Unmarshal([]byte(tc.src)) != nil
			if refused != (tc.line != 0) {
				t.Fatalf("kustomize refuses it: %v; the case says %v", refused, tc.line != 0)
			}
			n := refusedNode(doc.Content[0], kustomizationType, 0)
			switch {
			case tc.line == 0 && n != nil:
				t.Fatalf("refused %q at %d:%d", n.Value, n.Line, n.Column)
			case tc.line != 0 && n == nil:
				t.Fatalf("nothing refused, want %d:%d", tc.line, tc.col)
			case n != nil && (n.Line != tc.line || n.Column != tc.col):
				t.Fatalf("refused at %d:%d, want %d:%d", n.Line, n.Column, tc.line, tc.col)
			}
		})
	}
}
