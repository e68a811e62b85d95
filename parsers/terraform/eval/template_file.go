package eval

import (
	"errors"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
	"math/big"
	"slices"
	"strings"

	"github.com/faultline-dev/faultline/lint"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// templateFileData computes `rendered` of a data "template_file" (the
// hashicorp/template provider): its template evaluated with its vars, as
// templatefile() evaluates a file, so the manifests and values it feeds are
// read as rendered. A var that is not known before apply is an anonymous
// hole in the text; a rendering that cannot be computed at all is an
// unresolved coverage note and `rendered` stays a hole.
func (mi *ModInst) templateFileData(r *Resource, local string, v cty.Value) cty.Value {
	if a := r.Body.Attrs["template"]; a != nil {
		if f := mi.TemplatePath(a.Expr, "file", "templatefile"); f != "" {
			mi.Evaluator.Templates = append(mi.Evaluator.Templates, f)
		}
	}
	text, vars, why := templateInputs(mi.Evaluator.Holes, v)
	if why == "" {
		out, err := renderTemplate(text, vars, mi.Evaluator.funcs, mi.Evaluator.Budget())
		if err == nil {
			return setAttr(v, "rendered", cty.StringVal(out))
		}
		why = "its template cannot be rendered"
		if mi.holesBreak(text, vars) {
			why = "its template needs a known value where a var is not known before apply"
		}
		msg := strings.TrimSpace(err.Error())
		if f := mi.templateSource(r); f != "" {
			msg = strings.ReplaceAll(msg, "<template>:", f+":")
		}
		why += ": " + msg
	}
	mi.Evaluator.Notes = append(mi.Evaluator.Notes, lint.Note{
		Kind:  lint.Unresolved,
		What:  mi.Label(local) + ": rendered cannot be computed (" + why + "); what it feeds is not read",
		Range: mi.Evaluator.Session.Rng(r.DefRange),
	})
	return v
}

// holesBreak reports whether a template that fails to render with vars
// renders (to something unknown) once the vars holding holes are unknown:
// the failure is then only a value not known before apply used where a
// known one is needed (arithmetic, a comparison), not a broken template.
func (mi *ModInst) holesBreak(text string, vars cty.Value) bool {
	m := map[string]cty.Value{}
	changed := false
	for it := vars.ElementIterator(); it.Next(); {
		k, x := it.Element()
		if valueHasSentinel(x) {
			x, changed = cty.DynamicVal, true
		}
		m[k.AsString()] = x
	}
	if !changed {
		return false
	}
	_, err := renderTemplate(text, cty.ObjectVal(m), mi.Evaluator.funcs, mi.Evaluator.Budget())
	return errors.Is(err, errUnknownRender)
}

// templateSource is the file a template_file's template = file(...) reads,
// as reported; "" for a template written inline or a path not known.
func (mi *ModInst) templateSource(r *Resource) string {
	if a := r.Body.Attrs["template"]; a != nil {
		if p := mi.TemplatePath(a.Expr, "file"); p != "" {
			return mi.Evaluator.Session.Rel(p)
		}
	}
	return ""
}

// TemplatePath is the absolute file expr reads when it is a call of one
// of the functions named (file, templatefile), perhaps inside yamldecode()
// or jsondecode(); "" for anything else or a path not known.
func (mi *ModInst) TemplatePath(expr hcl.Expression, funcs ...string) string {
	return mi.TemplatePathIn(expr, nil, funcs...)
}

// TemplatePathIn is TemplatePath for expr written in an instance whose
// each / count values are extra: the path may name the file by
// each.value (a for_each over fileset()).
func (mi *ModInst) TemplatePathIn(expr hcl.Expression, extra map[string]cty.Value, funcs ...string) string {
	fc, ok := expr.(*hclsyntax.FunctionCallExpr)
	if ok && (fc.Name == "yamldecode" || fc.Name == "jsondecode") && len(fc.Args) == 1 {
		fc, ok = fc.Args[0].(*hclsyntax.FunctionCallExpr)
	}
	if !ok || !slices.Contains(funcs, fc.Name) || len(fc.Args) == 0 {
		return ""
	}
	p := mi.Eval(fc.Args[0], extra)
	if !p.IsKnown() || p.IsNull() || p.Type() != cty.String || hasSentinel(p.AsString()) {
		return ""
	}
	env := mi.Evaluator.PathEnv()
	return env.Resolve(p.AsString())
}

// templateInputs reads a template_file's template and vars; why says what
// keeps it from being rendered. Vars that are unknown become anonymous
// holes (the text around them is still read).
func templateInputs(h Holes, v cty.Value) (text string, vars cty.Value, why string) {
	tpl := GetAttr(v, "template")
	switch {
	case tpl == cty.NilVal || tpl.IsNull():
		return "", cty.NilVal, "it has no template"
	case !tpl.IsKnown() || tpl.Type() != cty.String:
		return "", cty.NilVal, "its template is not known before apply"
	}
	in := GetAttr(v, "vars")
	if in == cty.NilVal || in.IsNull() {
		return tpl.AsString(), cty.EmptyObjectVal, ""
	}
	if !in.IsKnown() || !(in.Type().IsObjectType() || in.Type().IsMapType()) {
		return "", cty.NilVal, "its vars are not known before apply"
	}
	m := map[string]cty.Value{}
	for it := in.ElementIterator(); it.Next(); {
		k, x := it.Element()
		if !x.IsWhollyKnown() {
			x = h.anon()
		}
		m[k.AsString()] = x
	}
	return tpl.AsString(), cty.ObjectVal(m), ""
}

// staticTemplates records, as templates, the files every templatefile()
// call of the module names, including those of resources Terraform would
// not create (count = 0) and so are never evaluated: such a file is a
// template, never a manifest as written.
func (mi *ModInst) staticTemplates() {
	tree := mi.Evaluator.Session.Options.Tree
	if tree == nil || mi.Evaluator.scanned[mi.Module] {
		return
	}
	if mi.Evaluator.scanned == nil {
		mi.Evaluator.scanned = map[*Module]bool{}
	}
	mi.Evaluator.scanned[mi.Module] = true
	// A stand-in's or cached module's own files are not the tree's; a
	// stand-in's directory names no path at all.
	if modsource.IsModelFile(mi.Module.Dir) || !tree.Contains(mi.Module.Dir) {
		return
	}
	for _, fc := range mi.Module.templateCalls() {
		if f := mi.TemplatePath(fc, "templatefile"); f != "" && tree.IsFile(f) {
			mi.Evaluator.Templates = append(mi.Evaluator.Templates, f)
		}
	}
}

// templateCalls are the calls of the module that templatePath reads as
// templatefile() calls (templatefile, or yamldecode / jsondecode of one),
// in every block of the module: they depend on the syntax alone, so they
// are found once per parsed module, not in every root that evaluates it.
func (m *Module) templateCalls() []*hclsyntax.FunctionCallExpr {
	m.once.templates.Do(func() { m.cache.templates = findTemplateCalls(m) })
	return m.cache.templates
}

func findTemplateCalls(m *Module) []*hclsyntax.FunctionCallExpr {
	var out []*hclsyntax.FunctionCallExpr
	var walk func(b *Body)
	visit := func(a *hcl.Attribute) {
		n, ok := a.Expr.(hclsyntax.Node)
		if !ok {
			return
		}
		hclsyntax.VisitAll(n, func(n hclsyntax.Node) hcl.Diagnostics {
			if fc, ok := n.(*hclsyntax.FunctionCallExpr); ok && readsTemplate(fc) {
				out = append(out, fc)
			}
			return nil
		})
	}
	walk = func(b *Body) {
		if b == nil {
			return
		}
		for _, a := range b.Attrs {
			visit(a)
		}
		for _, blk := range b.Blocks {
			walk(blk.Body)
		}
	}
	for _, r := range m.Resources {
		walk(r.Body)
	}
	for _, a := range m.locals {
		visit(a)
	}
	for _, a := range m.outputs {
		visit(a)
	}
	for _, c := range m.calls {
		for _, a := range c.Attrs {
			visit(a)
		}
	}
	return out
}

// readsTemplate reports whether templatePath reads fc as a templatefile()
// call: its syntax alone decides.
func readsTemplate(fc *hclsyntax.FunctionCallExpr) bool {
	if (fc.Name == "yamldecode" || fc.Name == "jsondecode") && len(fc.Args) == 1 {
		inner, ok := fc.Args[0].(*hclsyntax.FunctionCallExpr)
		if !ok {
			return false
		}
		fc = inner
	}
	return fc.Name == "templatefile" && len(fc.Args) > 0
}

// LocalExpr follows an expression that is only a reference to a local
// value (local.NAME), or to a part of one written as object and tuple
// constructors (local.apps["web"].values), to the expression that local
// or part is written as, through up to four locals; any other expression
// is returned as it is.
func (mi *ModInst) LocalExpr(expr hcl.Expression) hcl.Expression {
	for range 4 {
		st, ok := expr.(*hclsyntax.ScopeTraversalExpr)
		if !ok || st.Traversal.RootName() != "local" || len(st.Traversal) < 2 {
			return expr
		}
		name, ok := AttrName(st.Traversal, 1)
		if !ok {
			return expr
		}
		a, ok := mi.Module.locals[name]
		if !ok {
			return expr
		}
		in := writtenPart(a.Expr, st.Traversal[2:])
		if in == nil {
			return expr
		}
		expr = in
	}
	return expr
}

// writtenPart is the part of a written expression a traversal reads
// (local.apps["web"].values: the item "web" of the object constructor,
// then its item "values"): through object constructors by attribute or
// string key, and tuple constructors by number; nil when a step reads
// anything else (a for expression, a function's result, a key not
// written as a literal).
func writtenPart(expr hcl.Expression, steps hcl.Traversal) hcl.Expression {
	for _, step := range steps {
		expr = Unhooked(expr)
		switch t := step.(type) {
		case hcl.TraverseAttr:
			expr = ObjectItem(expr, t.Name)
		case hcl.TraverseIndex:
			switch {
			case t.Key.Type() == cty.String && t.Key.IsKnown() && !t.Key.IsNull():
				expr = ObjectItem(expr, t.Key.AsString())
			case t.Key.Type() == cty.Number && t.Key.IsKnown() && !t.Key.IsNull():
				tc, ok := expr.(*hclsyntax.TupleConsExpr)
				i, acc := t.Key.AsBigFloat().Int64()
				if !ok || acc != big.Exact || i < 0 || i >= int64(len(tc.Exprs)) {
					return nil
				}
				expr = tc.Exprs[i]
			default:
				return nil
			}
		default:
			return nil
		}
		if expr == nil {
			return nil
		}
	}
	return expr
}

// PassedExpr follows expr, when it reads one of the module's variables
// whole (var.NAME, or a local that is one), to the argument passing that
// variable in the call of this instance, in the calling module, up to
// four calls up: the expression as written and the instance it is
// written in (where its path.module and locals are read); else expr and
// mi. A release's values passed into a module point at the caller's
// file().
func (mi *ModInst) PassedExpr(expr hcl.Expression) (hcl.Expression, *ModInst) {
	at := mi
	for range 4 {
		expr = at.LocalExpr(expr)
		st, ok := Unhooked(expr).(*hclsyntax.ScopeTraversalExpr)
		if !ok || st.Traversal.RootName() != "var" || len(st.Traversal) != 2 || at.Call == nil || at.Parent == nil {
			break
		}
		name, ok := AttrName(st.Traversal, 1)
		if !ok {
			break
		}
		a, ok := at.Call.Attrs[name]
		if !ok {
			break
		}
		expr, at = a.Expr, at.Parent
	}
	return expr, at
}
