package kube

import (
	"fmt"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// TestDeepNestingIsDiagnostic: a document nested deeper than the bound is
// an input diagnostic at the bracket or key that passed it, and the other
// documents of the file are still read, at their own lines and indices.
func TestDeepNestingIsDiagnostic(t *testing.T) {
	const n = 200000
	r := strings.Repeat
	sa := func(name string) string {
		return "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: " + name + "\n"
	}
	var block strings.Builder
	for i := 1; i <= 1200; i++ {
		block.WriteString(r(" ", i) + "k:\n")
	}
	// the deep document starts on line 6
	cases := []struct {
		name, deep string
		line, col  int
	}{
		// the root mapping is level 1 and a level 2, so the 999th bracket
		// or dash is level 1001
		{"flow sequences", "data:\n  a: " + r("[", n) + r("]", n) + "\n", 7, 5 + 999},
		{"flow mappings", "data:\n  a: " + r("{a: ", n) + "1" + r("}", n) + "\n", 7, 6 + 4*998},
		{"sequences on one line", "data:\n  a:\n    " + r("- ", n) + "x\n", 8, 5 + 2*998},
		// the key on line 6+i is level 1+i
		{"block mappings", "data:\n" + block.String(), 6 + 1000, 1 + 1000},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := sa("first") + "---\n" + c.deep + "---\n" + sa("third")
			got, diags := ParseFile("m.yaml", []byte(src), lint.Scope{})
			var addrs []string
			for _, e := range got {
				addrs = append(addrs, fmt.Sprintf("%s@%d", e.Base().Addr, e.Base().Range.Line))
			}
			third := strings.Count(src[:strings.LastIndex(src, "apiVersion")], "\n") + 2
			want := fmt.Sprintf("[m.yaml#0/ServiceAccount/first@2 m.yaml#2/ServiceAccount/third@%d]", third)
			if fmt.Sprint(addrs) != want {
				t.Errorf("entities %v, want %s", addrs, want)
			}
			if len(diags) != 1 || diags[0].Summary != "nesting too deep" || diags[0].Range.Line != c.line || diags[0].Range.Column != c.col {
				t.Fatalf("diagnostics %+v, want one at %d:%d", diags, c.line, c.col)
			}
		})
	}
}
