package main

import (
	"encoding/json"
	"fmt"
	"maps"
	"sort"
	"strings"
	"testing"
)

// deepParens is n nested parentheses as an HCL expression.
func deepParens(n int) string { return strings.Repeat("(", n) + "true" + strings.Repeat(")", n) }

// TestDeepNestingInTheTree: a .tf and a manifest nested deep enough to
// overflow the parsers' stacks are FL000 at the bracket that passed the
// bound, and the chain in the good files is still found.
func TestDeepNestingInTheTree(t *testing.T) {
	files := maps.Clone(shared)
	files["infra/deep.tf"] = "locals {\n  x = " + deepParens(70000) + "\n}\n"
	files["k8s/deep.yaml"] = "apiVersion: v1\nkind: ConfigMap\ndata:\n  a: " + strings.Repeat("[", 200000) + "\n"
	dir := fixture(t, files)
	code, out, stderr := run(t, dir, nil, "lint", "--format", "json", ".")
	if code != 1 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc struct {
		Findings []struct {
			Rule     string `json:"rule"`
			Location struct {
				File         string
				Line, Column int
			} `json:"location"`
		} `json:"findings"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("%v\n%.500s", err, out)
	}
	var got []string
	for _, f := range doc.Findings {
		got = append(got, fmt.Sprintf("%s %s:%d:%d", f.Rule, f.Location.File, f.Location.Line, f.Location.Column))
	}
	sort.Strings(got)
	// locals is one level: the 1000th parenthesis; the root mapping and
	// data are two: the 999th bracket.
	want := []string{"FL000 infra/deep.tf:2:1006", "FL000 k8s/deep.yaml:4:1004", "FL101 k8s/nodeclass.yaml:6:9"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("findings\n got %v\nwant %v", got, want)
	}
}

// TestDeepNestingInExplicitInputs: a --var-file or .faultline.hcl nested
// too deep is a usage error (exit 2) that names the position.
func TestDeepNestingInExplicitInputs(t *testing.T) {
	files := maps.Clone(shared)
	files["deep.tfvars"] = "cluster = " + deepParens(70000) + "\n"
	files["deep.tfvars.json"] = `{"cluster": ` + strings.Repeat("[", 200000) + "}"
	dir := fixture(t, files)
	for _, c := range []struct{ file, pos string }{
		// the 1001st parenthesis; in JSON the object is level 1, so the
		// 1000th bracket
		{"deep.tfvars", "deep.tfvars:1,1011-1012: Nesting too deep"},
		{"deep.tfvars.json", "deep.tfvars.json:1,1012-1013: Nesting too deep"},
	} {
		code, _, stderr := run(t, dir, nil, "lint", "--var-file", c.file, ".")
		if code != 2 || !strings.Contains(stderr, "--var-file "+c.file) || !strings.Contains(stderr, c.pos) {
			t.Errorf("--var-file %s: exit %d, stderr %.300s", c.file, code, stderr)
		}
	}
	files[".faultline.hcl"] = "rule \"FL101\" {\n  enabled = " + deepParens(70000) + "\n}\n"
	dir = fixture(t, files)
	code, _, stderr := run(t, dir, nil, "lint", ".")
	// the rule block is one level: the 1000th parenthesis
	if code != 2 || !strings.Contains(stderr, ".faultline.hcl:2,1012-1013: Nesting too deep") {
		t.Errorf(".faultline.hcl: exit %d, stderr %.300s", code, stderr)
	}
}
