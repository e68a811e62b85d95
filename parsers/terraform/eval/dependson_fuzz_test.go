package eval

import (
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// FuzzDependsOn feeds arbitrary expressions as a depends_on: reading it
// never panics, and a target is only ever a block key.
func FuzzDependsOn(f *testing.F) {
	for _, s := range []string{`[a.b]`, `[a.b[0], "a.c", data.d.e, module.m.o]`, `["a.b["]`, `[var.x.y, module]`, `null`, `[a.b[*]]`, `["${a.b}"]`, `[a["b"].c]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		file, diags := hclsyntax.ParseConfig([]byte("depends_on = "+src+"\n"), "f.tf", hcl.InitialPos)
		if diags.HasErrors() {
			return
		}
		attrs, _ := file.Body.JustAttributes()
		a, ok := attrs["depends_on"]
		if !ok {
			return
		}
		keys, _ := parseDependsOn(a)
		for _, k := range keys {
			if strings.Count(k, ".") < 1 || strings.ContainsAny(k, "[]\"") {
				t.Errorf("target %q is not a block key", k)
			}
		}
	})
}
