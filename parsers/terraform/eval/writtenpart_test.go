package eval

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// A traversal into a local is followed through object constructors (by
// attribute or string key) and tuple constructors (by number) to the
// expression written there; a step into anything else, or a key not
// written, finds nothing.
func TestWrittenPart(t *testing.T) {
	src := `{
  web = { values = [file("a.yaml"), file("b.yaml")] }
  "api" = { ports = [80] }
  gen = { for k in ["x"] : k => k }
}`
	local, diags := hclsyntax.ParseExpression([]byte(src), "locals.tf", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	for path, want := range map[string]string{
		`local.x.web.values[1]`: `file("b.yaml")`,
		`local.x["web"].values`: `[file("a.yaml"), file("b.yaml")]`,
		`local.x.api.ports[0]`:  `80`,
		`local.x.web.values[2]`: "",
		`local.x.gen.x`:         "",
		`local.x.web.missing`:   "",
	} {
		tr, diags := hclsyntax.ParseTraversalAbs([]byte(path), "t", hcl.InitialPos)
		if diags.HasErrors() {
			t.Fatal(path, diags)
		}
		got := ""
		if e := writtenPart(local, tr[2:]); e != nil {
			r := e.Range()
			got = src[r.Start.Byte:r.End.Byte]
		}
		if got != want {
			t.Errorf("%s: %q, want %q", path, got, want)
		}
	}
}
