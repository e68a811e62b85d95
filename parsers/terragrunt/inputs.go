package terragrunt

import (
	"sort"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// inputItems lists the inputs of an inputs attribute: one item per
// attribute of an object written out, else (merge(...), a local) one per
// attribute of the value, each at the whole expression.
func (u *unitEval) inputItems(f *fileCfg, a *hclsyntax.Attribute, e *env) []*inputItem {
	ctx := u.ctx(f, e)
	if obj, ok := a.Expr.(*hclsyntax.ObjectConsExpr); ok {
		var out []*inputItem
		for _, it := range obj.Items {
			name, ok := u.itemKey(it.KeyExpr, ctx)
			if !ok {
				u.addNote(u.l.note(lint.Unresolved, it.KeyExpr.Range(), "terragrunt: an input's name is unknown; that input is not read"))
				continue
			}
			out = append(out, &inputItem{name: name, expr: it.ValueExpr, rng: it.ValueExpr.Range(), key: it.KeyExpr.Range(), f: f})
		}
		return out
	}
	v := u.eval(a.Expr, ctx)
	if !v.IsKnown() || v.IsNull() || !(v.Type().IsObjectType() || v.Type().IsMapType()) {
		u.addNote(u.l.note(lint.Unresolved, a.Expr.Range(), "terragrunt: the inputs are unknown; the module's variables take their defaults"))
		return nil
	}
	var out []*inputItem
	for it := v.ElementIterator(); it.Next(); {
		k, _ := it.Element()
		out = append(out, &inputItem{name: k.AsString(), expr: a.Expr, whole: true, rng: a.Expr.Range(), key: a.Expr.Range(), f: f})
	}
	return out
}

// itemKey is the name of an inputs item: a bare word or a string.
func (u *unitEval) itemKey(k hcl.Expression, ctx *hcl.EvalContext) (string, bool) {
	if w := hcl.ExprAsKeyword(k); w != "" {
		return w, true
	}
	return u.evalString(k, ctx)
}

// inputsObject is the inputs of c as one object (include.<name>.inputs).
func (u *unitEval) inputsObject(c *cfg, e *env) cty.Value {
	attrs := map[string]cty.Value{}
	wholes := map[hcl.Expression]cty.Value{}
	for _, it := range c.inputs {
		attrs[it.name] = u.itemValue(it, e, wholes)
	}
	return cty.ObjectVal(attrs)
}

// itemValue evaluates one input (deep-merged onto its base); wholes
// caches the whole inputs expressions evaluated.
func (u *unitEval) itemValue(it *inputItem, e *env, wholes map[hcl.Expression]cty.Value) cty.Value {
	var v cty.Value
	switch {
	case it.whole:
		w, ok := wholes[it.expr]
		if !ok {
			w = u.eval(it.expr, u.ctx(it.f, e))
			wholes[it.expr] = w
		}
		v = cty.DynamicVal
		if w.IsKnown() && !w.IsNull() && (w.Type().IsObjectType() || w.Type().IsMapType()) {
			if m := w.AsValueMap(); m != nil {
				if x, ok := m[it.name]; ok {
					v = x
				}
			}
		}
	default:
		v = u.eval(it.expr, u.ctx(it.f, e))
	}
	if it.base != nil {
		v = deepMerge(u.itemValue(it.base, e, wholes), v)
	}
	return v
}

// deepMerge merges over onto base as Terragrunt's deep merge does: maps
// and objects key by key, lists concatenated, anything else replaced.
func deepMerge(base, over cty.Value) cty.Value {
	if !base.IsWhollyKnown() || !over.IsWhollyKnown() || base.IsNull() || over.IsNull() {
		return over
	}
	bt, ot := base.Type(), over.Type()
	switch {
	case (bt.IsObjectType() || bt.IsMapType()) && (ot.IsObjectType() || ot.IsMapType()):
		m := base.AsValueMap()
		if m == nil {
			m = map[string]cty.Value{}
		}
		for k, x := range over.AsValueMap() {
			if b, ok := m[k]; ok {
				x = deepMerge(b, x)
			}
			m[k] = x
		}
		return cty.ObjectVal(m)
	case (bt.IsTupleType() || bt.IsListType()) && (ot.IsTupleType() || ot.IsListType()):
		return cty.TupleVal(append(base.AsValueSlice(), over.AsValueSlice()...))
	}
	return over
}

// inputs evaluates the unit's inputs with its dependencies' outputs.
func (u *unitEval) inputs(f *fileCfg, c *cfg, outputs func(dir string) (cty.Value, bool)) terraform.UnitInputs {
	before := len(u.notes)
	deps, inferred := u.resolveDeps(c, depReads(inputsRead(f, c)), outputs)
	e := newEnv(deps)
	wholes := map[hcl.Expression]cty.Value{}
	var out terraform.UnitInputs
	for _, it := range c.inputs {
		in := terraform.UnitInput{Name: it.name, Value: u.itemValue(it, e, wholes), Range: it.rng, NameRange: it.key, Inferred: readsInferred(it, inferred)}
		out.Values = append(out.Values, in)
	}
	sort.Slice(out.Values, func(i, j int) bool { return out.Values[i].Name < out.Values[j].Name })
	if what, at, hit := u.ce.Exceeded(); hit {
		u.addNote(u.l.note(lint.Skipped, at, "terragrunt unit %s: evaluation stopped at %s; the rest of its values are unknown", u.l.rel(u.dir), what))
	}
	out.Notes = append(out.Notes, u.notes[before:]...)
	// The notes go with this answer alone: asked again (a second pass,
	// a cache's lookup), the inputs give them again.
	for _, n := range u.notes[before:] {
		delete(u.seen, n.Range.String()+"\x00"+n.What)
	}
	u.notes = u.notes[:before]
	return out
}

// readsInferred says what an input rests on that is assumed: the mocked
// dependencies its expression (or its deep-merge base) reads.
func readsInferred(it *inputItem, inferred map[string]string) string {
	for x := it; x != nil; x = x.base {
		for _, t := range x.expr.Variables() {
			if t.RootName() != "dependency" || len(t) < 2 {
				continue
			}
			if a, ok := t[1].(hcl.TraverseAttr); ok && inferred[a.Name] != "" {
				return inferred[a.Name]
			}
		}
	}
	return ""
}
