package eval

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"sort"

	"github.com/faultline-dev/faultline/internal/generated"
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
	if tree == nil || modsource.IsModelFile(m.Dir) || !slices.ContainsFunc(fileFuncNames, m.mayCall) {
		return nil
	}
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
			if !ok || guarded[fc] || !slices.Contains(fileFuncNames, fc.Name) || len(fc.Args) == 0 {
				return nil
			}
			if d := m.missingFile(tree, fc, rel); d != nil {
				out = append(out, d)
				return nil
			}
			if fc.Name != "templatefile" || len(fc.Args) != 2 {
				return nil
			}
			if d := m.missingTemplateVar(tree, fc, rel); d != nil {
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

// fileFuncNames are Terraform's functions that read a text file of the
// configuration by path, and refuse a path where none exists. Those that
// read bytes (filebase64, filesha256, filebase64sha256, …) refuse one
// too, but their files are mostly built before Terraform runs (a
// Lambda's zip a CI step packages, not committed): not checked.
var fileFuncNames = []string{"file", "templatefile"}

// missingFile is Terraform's error for a call of a file function whose
// path, known from the source as missingTemplateVar's is, names no file
// (terraform validate: "Invalid function argument … no file exists at
// …", at the start of the path argument); nil when the file exists, lies
// outside the tree, or is written at deploy time (a .gitignore ignores
// it, a template beside it renders it).
func (m *Module) missingFile(tree *treefs.Tree, fc *hclsyntax.FunctionCallExpr, rel func(string) string) *hcl.Diagnostic {
	path := Unhooked(fc.Args[0])
	file, shown, ok := m.configFile(path, rel)
	if !ok || !tree.Contains(file) {
		return nil
	}
	if _, err := tree.Stat(file); !errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	g := generated.Tree(tree)
	if generated.ValuesWhy(g, generated.Top(tree.Roots(), file), file, rel) != "" {
		return nil
	}
	return &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Invalid function argument",
		Detail:  fmt.Sprintf("Invalid value for \"path\" parameter: no file exists at %q; this function works only with files that are distributed as part of the configuration source code, so if this file will be created by a resource in this configuration you must instead obtain this result from an attribute of that resource.", shown),
		Subject: path.StartRange().Ptr()}
}

// configFile is the file a file function's path argument names, absolute,
// when it is known from the source: a path starting with path.module
// ("${path.module}/…") in any module, or, in a root keeping its state in a
// backend (Terraform runs there: path.module is "." and relative paths
// start at the root), literal text with path.module anywhere in it
// ("../../${path.module}/…"). shown is the path as Terraform shows it
// in a root ("./values.yaml"), the absolute path's rel elsewhere.
func (m *Module) configFile(path hcl.Expression, rel func(string) string) (abs, shown string, ok bool) {
	vars := path.Variables()
	switch {
	case len(vars) > 0 && !readsPathModule(path), len(vars) == 0 && !m.applied():
		return "", "", false
	case len(vars) > 0 && !m.applied() && !startsWithPathModule(path):
		return "", "", false // path.module inside: relative to a root not known here
	}
	dot := &hcl.EvalContext{Variables: map[string]cty.Value{"path": cty.ObjectVal(map[string]cty.Value{"module": cty.StringVal(".")})}}
	p, diags := path.Value(dot)
	if diags.HasErrors() || !p.IsKnown() || p.IsNull() || p.Type() != cty.String {
		return "", "", false
	}
	shown = p.AsString()
	if homeRelative(shown) {
		return "", "", false // the home directory of whoever runs Terraform
	}
	abs = shown
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(m.Dir, abs)
	}
	abs = filepath.Clean(abs)
	if !m.applied() {
		shown = rel(abs)
	}
	return abs, shown, true
}

// startsWithPathModule reports whether a path expression starts with
// path.module: path.module itself, or a template whose first part is.
func startsWithPathModule(e hcl.Expression) bool {
	first := Unhooked(e)
	if t, ok := first.(*hclsyntax.TemplateExpr); ok && len(t.Parts) > 0 {
		first = Unhooked(t.Parts[0])
	}
	if w, ok := first.(*hclsyntax.TemplateWrapExpr); ok {
		first = Unhooked(w.Wrapped)
	}
	st, ok := first.(*hclsyntax.ScopeTraversalExpr)
	if !ok {
		return false
	}
	n, ok := AttrName(st.Traversal, 1)
	return ok && st.Traversal.RootName() == "path" && n == "module"
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
func (m *Module) missingTemplateVar(tree *treefs.Tree, fc *hclsyntax.FunctionCallExpr, rel func(string) string) *hcl.Diagnostic {
	// One with values known at apply, or a relative path Terraform
	// resolves where it runs (the module's directory only for a root),
	// is not known here.
	file, _, ok := m.configFile(Unhooked(fc.Args[0]), rel)
	if !ok {
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
	src, err := tree.ReadFile(file, maxSourceFile)
	if err != nil || nesting.HCLTemplate(src) != nil {
		return nil
	}
	tmpl, tdiags := hclsyntax.ParseTemplate(src, rel(file), hcl.InitialPos)
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
