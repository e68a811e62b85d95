package eval

import (
	"fmt"
	"path/filepath"
	"sort"

	"github.com/faultline-dev/faultline/internal/nesting"
	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// templateVarsDiags are Terraform's errors for templatefile() calls whose
// vars object, written with literal keys, lacks a variable the template
// refers to: "Invalid function argument" at the object, as `terraform
// validate` reports it for a local, an output, a module argument or a
// resource argument whatever its count. The path must be path.module and
// literal text (or, in a root keeping its state in a backend, a literal:
// Terraform runs there), and the file in the tree. Calls inside a conditional, try() or can(), a for expression, a
// dynamic block or a provider block are left alone: validate does not
// report them there (checked with terraform validate). rel names a file
// as the detail shows it.
func (m *Module) templateVarsDiags(tree *treefs.Tree, rel func(string) string) hcl.Diagnostics {
	if tree == nil || modsource.IsModelFile(m.Dir) || !m.mayCall("templatefile") {
		return nil
	}
	ctx := &hcl.EvalContext{Variables: map[string]cty.Value{"path": cty.ObjectVal(map[string]cty.Value{"module": cty.StringVal(m.Dir)})}}
	var exprs []hcl.Expression
	for _, a := range m.locals {
		exprs = append(exprs, a.Expr)
	}
	for _, a := range m.outputs {
		exprs = append(exprs, a.Expr)
	}
	for _, r := range m.Resources {
		exprs = append(exprs, r.Body.validatedExpressions()...)
	}
	for _, c := range m.calls {
		for _, a := range c.Attrs {
			exprs = append(exprs, a.Expr)
		}
	}
	var out hcl.Diagnostics
	for _, e := range exprs {
		n, ok := Unhooked(e).(hclsyntax.Expression)
		if !ok || n == nil {
			continue
		}
		guarded := map[*hclsyntax.FunctionCallExpr]bool{}
		_ = hclsyntax.VisitAll(n, func(x hclsyntax.Node) hcl.Diagnostics {
			switch y := x.(type) {
			case *hclsyntax.ConditionalExpr, *hclsyntax.ForExpr:
				markBelow(y, guarded)
			case *hclsyntax.FunctionCallExpr:
				if y.Name == "try" || y.Name == "can" {
					markBelow(y, guarded)
				}
			}
			return nil
		})
		_ = hclsyntax.VisitAll(n, func(x hclsyntax.Node) hcl.Diagnostics {
			fc, ok := x.(*hclsyntax.FunctionCallExpr)
			if !ok || guarded[fc] || fc.Name != "templatefile" || len(fc.Args) != 2 {
				return nil
			}
			if d := m.missingTemplateVar(tree, ctx, fc, rel); d != nil {
				out = append(out, d)
			}
			return nil
		})
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].Subject, out[j].Subject
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		return a.Start.Byte < b.Start.Byte
	})
	return out
}

// markBelow marks every function call below n.
func markBelow(n hclsyntax.Node, marked map[*hclsyntax.FunctionCallExpr]bool) {
	_ = hclsyntax.VisitAll(n, func(x hclsyntax.Node) hcl.Diagnostics {
		if fc, ok := x.(*hclsyntax.FunctionCallExpr); ok && x != n {
			marked[fc] = true
		}
		return nil
	})
}

// missingTemplateVar is the error for one templatefile() call, nil when
// its path or keys are not known from the source, its file cannot be
// read or parsed, or every variable the template refers to is given.
func (m *Module) missingTemplateVar(tree *treefs.Tree, ctx *hcl.EvalContext, fc *hclsyntax.FunctionCallExpr, rel func(string) string) *hcl.Diagnostic {
	path := Unhooked(fc.Args[0])
	if len(path.Variables()) > 0 && !readsPathModule(path) || len(path.Variables()) == 0 && !m.applied() {
		// One with values known at apply; or a relative path, which
		// Terraform resolves where it runs: the module's directory only
		// for a root (one keeping its state in a backend).
		return nil
	}
	obj, ok := Unhooked(fc.Args[1]).(*hclsyntax.ObjectConsExpr)
	if !ok {
		return nil
	}
	keys := map[string]bool{}
	for _, it := range obj.Items {
		k, diags := Unhooked(it.KeyExpr).Value(nil)
		if diags.HasErrors() || !k.IsKnown() || k.IsNull() || k.Type() != cty.String {
			return nil
		}
		keys[k.AsString()] = true
	}
	p, diags := path.Value(ctx)
	if diags.HasErrors() || !p.IsKnown() || p.IsNull() || p.Type() != cty.String {
		return nil
	}
	file := p.AsString()
	if !filepath.IsAbs(file) {
		file = filepath.Join(m.Dir, file)
	}
	src, err := tree.ReadFile(filepath.Clean(file), maxSourceFile)
	if err != nil || nesting.HCLTemplate(src) != nil {
		return nil
	}
	tmpl, tdiags := hclsyntax.ParseTemplate(src, rel(filepath.Clean(file)), hcl.InitialPos)
	if tdiags.HasErrors() {
		return nil
	}
	for _, t := range tmpl.Variables() {
		if root := t.RootName(); !keys[root] {
			return &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Invalid function argument",
				Detail:  fmt.Sprintf("Invalid value for \"vars\" parameter: vars map does not contain key %q, referenced at %s.", root, t[0].SourceRange()),
				Subject: obj.OpenRange.Ptr()}
		}
	}
	return nil
}
