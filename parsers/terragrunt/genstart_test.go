package terragrunt

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// A generated file's text is placed where it is written: a heredoc's on
// the line after its opening marker, interpolated or not, as long as every
// interpolation rendered within its line; else (an interpolation that
// rendered lines of its own, a quoted string with one) at the expression.
func TestContentStart(t *testing.T) {
	for name, c := range map[string]struct {
		src, content string
		line, col    int
	}{
		"verbatim heredoc":             {"x = <<EOF\nprovider \"aws\" {}\nEOF\n", "provider \"aws\" {}\n", 2, 1},
		"heredoc, interpolated":        {"x = <<EOF\nprovider \"aws\" {\n  region = \"${local.r}\"\n}\nEOF\n", "provider \"aws\" {\n  region = \"eu-west-1\"\n}\n", 2, 1},
		"starts with an interpolation": {"x = <<EOF\n${local.p} \"aws\" {}\nEOF\n", "provider \"aws\" {}\n", 2, 1},
		"interpolation rendered lines": {"x = <<EOF\n${local.body}\nEOF\n", "a = 1\nb = 2\n", 1, 5},
		"quoted, interpolated":         {"x = \"region = ${local.r}\"\n", "region = eu-west-1", 1, 5},
	} {
		f, diags := hclsyntax.ParseConfig([]byte(c.src), "terragrunt.hcl", hcl.InitialPos)
		if diags.HasErrors() {
			t.Fatalf("%s: %v", name, diags)
		}
		e := f.Body.(*hclsyntax.Body).Attributes["x"].Expr
		if got := contentStart(e, c.content); got.Line != c.line || got.Column != c.col {
			t.Errorf("%s: starts at %d:%d, want %d:%d", name, got.Line, got.Column, c.line, c.col)
		}
	}
}
