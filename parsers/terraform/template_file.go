package terraform

import (
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
func (mi *modInst) templateFileData(r *resource, local string, v cty.Value) cty.Value {
	text, vars, why := templateInputs(mi.e.h, v)
	if why == "" {
		out, err := renderTemplate(text, vars, mi.e.funcs, mi.e.budget())
		if err == nil {
			return setAttr(v, "rendered", cty.StringVal(out))
		}
		why = "its template cannot be rendered"
		if msg := strings.TrimSpace(err.Error()); msg != "" {
			why += ": " + msg
		}
	}
	mi.e.notes = append(mi.e.notes, lint.Note{
		Kind:  lint.Unresolved,
		What:  mi.label(local) + ": rendered cannot be computed (" + why + "); what it feeds is not read",
		Range: mi.e.l.rng(r.defRange),
	})
	return v
}

// templateInputs reads a template_file's template and vars; why says what
// keeps it from being rendered. Vars that are unknown become anonymous
// holes (the text around them is still read).
func templateInputs(h holes, v cty.Value) (text string, vars cty.Value, why string) {
	tpl := getAttr(v, "template")
	switch {
	case tpl == cty.NilVal || tpl.IsNull():
		return "", cty.NilVal, "it has no template"
	case !tpl.IsKnown() || tpl.Type() != cty.String:
		return "", cty.NilVal, "its template is not known before apply"
	}
	in := getAttr(v, "vars")
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

// templateFileAttr returns the template attribute of the data
// "template_file" whose `rendered` expr is (data.template_file.NAME.rendered,
// with or without an instance key), so positions in what it renders map to
// where the template is written; nil for any other expression.
func (x *extraction) templateFileAttr(expr hcl.Expression) *hcl.Attribute {
	st, ok := expr.(*hclsyntax.ScopeTraversalExpr)
	if !ok || st.Traversal.RootName() != "data" {
		return nil
	}
	t := st.Traversal
	typ, ok1 := attrName(t, 1)
	name, ok2 := attrName(t, 2)
	last, ok3 := t[len(t)-1].(hcl.TraverseAttr)
	if !ok1 || !ok2 || !ok3 || typ != "template_file" || last.Name != "rendered" || len(t) > 5 {
		return nil
	}
	if len(t) == 5 {
		if _, isKey := t[3].(hcl.TraverseIndex); !isKey {
			return nil
		}
	}
	for _, r := range x.mi.m.resources {
		if r.data && r.typ == "template_file" && r.name == name {
			return r.body.attrs["template"]
		}
	}
	return nil
}
