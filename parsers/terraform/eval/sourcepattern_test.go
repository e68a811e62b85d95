package eval

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// A module source OpenTofu evaluates early names, as a glob, the local
// directories it may call; a literal, a remote source or one built
// otherwise names none.
func TestSourcePattern(t *testing.T) {
	for src, want := range map[string]string{
		`"./modules/${var.flavor}"`:              "./modules/*",
		`"../shared/${var.kind}-${var.version}"`: "../shared/*-*",
		`"${path.module}/stacks/${local.stack}"`: "./stacks/*",
		`"./modules/irsa"`:                       "",
		`"git::https://example.com/${var.repo}"`: "",
		`"${var.base}/modules/eks"`:              "",
		`local.source`:                           "",
		`"./modules/[${var.x}]"`:                 "",
	} {
		expr, diags := hclsyntax.ParseExpression([]byte(src), "main.tf", hcl.InitialPos)
		if diags.HasErrors() {
			t.Fatalf("%s: %s", src, diags)
		}
		got, ok := sourcePattern(expr)
		if ok != (want != "") || got != want {
			t.Errorf("sourcePattern(%s) = %q, %v; want %q", src, got, ok, want)
		}
	}
}
