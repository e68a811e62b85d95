package eval

import (
	"fmt"
	"path/filepath"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// Terraform refuses a plan whose moved block moves a resource or module
// call the module still declares ("Moved object still exists", checked
// with Terraform 1.11: terraform validate passes, terraform plan fails
// before it reads any state). Only a from naming a whole resource or call
// of the module itself is checked here; one naming an instance, or an
// object inside a module call, is left alone.

// movedStillDeclared are Terraform's errors for the module's moved blocks
// whose from is a resource or module call the module declares.
func (m *Module) movedStillDeclared() hcl.Diagnostics {
	resources := map[string]hcl.Range{}
	for _, r := range m.Resources {
		if !r.Data {
			resources[r.Type+"."+r.Name] = r.DefRange
		}
	}
	calls := map[string]hcl.Range{}
	for _, c := range m.calls {
		calls["module."+c.name] = c.DefRange
	}
	var out hcl.Diagnostics
	for _, fb := range m.bodies {
		if fb.override {
			continue
		}
		for _, b := range fb.body.Blocks {
			if b.Type != "moved" {
				continue
			}
			from, to := movedAddress(b.Body, "from"), movedAddress(b.Body, "to")
			if from == "" || to == "" || from == to {
				continue
			}
			what, subject := "resource", "resource"
			at, declared := resources[from]
			if !declared {
				what, subject = "module call", "call"
				at, declared = calls[from]
			}
			if !declared {
				continue
			}
			file := at.Filename
			if rel, err := filepath.Rel(m.Dir, file); err == nil {
				file = filepath.ToSlash(rel)
			}
			rng := b.DefRange()
			out = append(out, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Moved object still exists",
				Detail: fmt.Sprintf("This statement declares a move from %s, but that %s is still declared at %s:%d,%d.\n\nChange your configuration so that this %s will be declared as %s instead.",
					from, what, file, at.Start.Line, at.Start.Column, subject, to),
				Subject: &rng,
			})
		}
	}
	return out
}

// movedAddress is a moved block's from or to as written, when it is a
// plain traversal without instance keys ("aws_x.y", "module.m",
// "module.m.aws_x.y"); "" otherwise.
func movedAddress(body *hclsyntax.Body, name string) string {
	a, ok := body.Attributes[name]
	if !ok {
		return ""
	}
	t, diags := hcl.AbsTraversalForExpr(a.Expr)
	if diags.HasErrors() {
		return ""
	}
	out := ""
	for _, step := range t {
		switch s := step.(type) {
		case hcl.TraverseRoot:
			out = s.Name
		case hcl.TraverseAttr:
			out += "." + s.Name
		default:
			return "" // an instance key
		}
	}
	return out
}
