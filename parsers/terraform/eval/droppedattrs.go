package eval

import (
	"fmt"
	"slices"
	"sort"
	"strconv"

	"github.com/faultline-dev/faultline/lint"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// Terraform converts a module input to its variable's type, and the
// conversion of an object to an object type keeps the attributes the type
// declares and drops the others without an error: a call written for a
// module's `any` input and upgraded to a version that types it (the eks
// module's node groups and add-ons in v21), or a misspelt attribute, keeps
// passing settings the module never sees. The attributes dropped are read
// from the call's syntax, where the object is written: an object or tuple
// constructor, through parentheses and local values of the calling module.

// declaredTypeAttr is the variable argument a stand-in gives the real
// module's type in, where the stand-in is evaluated without it.
const declaredTypeAttr = "faultline_declared_type"

// localDepth bounds how many local values one walk follows.
const localDepth = 4

// declaredType is the type the real module gives the variable: a
// stand-in's faultline_declared_type (modelled), else its type; false
// when it has none or it does not read. Read once per parsed module.
func (v *variable) declaredType(modelled bool) (cty.Type, bool) {
	i := 0
	if modelled {
		i = 1
	}
	d := &v.declared[i]
	d.once.Do(func() {
		expr := v.typ
		if modelled && v.declType != nil {
			expr = v.declType
		}
		if expr == nil || hasFor(expr) {
			return
		}
		if t, _, diags := typeexpr.TypeConstraintWithDefaults(expr); !diags.HasErrors() {
			d.t, d.ok = t, true
		}
	})
	return d.t, d.ok
}

// droppedAttributes are the attributes the call's argument expr gives an
// object whose type in ty does not declare them; name is the input's.
func (mi *ModInst) droppedAttributes(name string, expr hcl.Expression, ty cty.Type) []lint.DroppedAttribute {
	if !holdsObject(ty) {
		return nil
	}
	w := droppedWalk{mi: mi}
	w.walk(expr, ty, name, 0)
	return w.out
}

// holdsObject reports whether t is, or holds, an object type.
func holdsObject(t cty.Type) bool {
	switch {
	case t.IsObjectType():
		return true
	case t.IsMapType(), t.IsListType(), t.IsSetType():
		return holdsObject(t.ElementType())
	case t.IsTupleType():
		return slices.ContainsFunc(t.TupleElementTypes(), holdsObject)
	}
	return false
}

type droppedWalk struct {
	mi  *ModInst
	out []lint.DroppedAttribute
}

// walk follows expr as ty reads it; path is how an expression reaches
// it, locals how many local values led there.
func (w *droppedWalk) walk(expr hcl.Expression, ty cty.Type, path string, locals int) {
	switch e := expr.(type) {
	case *hclsyntax.ParenthesesExpr:
		w.walk(e.Expression, ty, path, locals)
	case *hclsyntax.ScopeTraversalExpr:
		if a := w.local(e, locals); a != nil {
			w.walk(a.Expr, ty, path, locals+1)
		}
	case *hclsyntax.ObjectConsExpr:
		switch {
		case ty.IsObjectType():
			w.object(e, ty, path, locals)
		case ty.IsMapType():
			for _, it := range e.Items {
				key, ok := objectKey(it.KeyExpr)
				if !ok {
					key = "…"
				}
				w.walk(it.ValueExpr, ty.ElementType(), path+"["+strconv.Quote(key)+"]", locals)
			}
		}
	case *hclsyntax.TupleConsExpr:
		for i, x := range e.Exprs {
			switch {
			case ty.IsListType(), ty.IsSetType():
				w.walk(x, ty.ElementType(), fmt.Sprintf("%s[%d]", path, i), locals)
			case ty.IsTupleType() && i < len(ty.TupleElementTypes()):
				w.walk(x, ty.TupleElementTypes()[i], fmt.Sprintf("%s[%d]", path, i), locals)
			}
		}
	}
}

// object records the attributes of e that object type ty does not
// declare, and walks the values of those it does.
func (w *droppedWalk) object(e *hclsyntax.ObjectConsExpr, ty cty.Type, path string, locals int) {
	var declared []string
	for _, it := range e.Items {
		key, ok := objectKey(it.KeyExpr)
		if !ok {
			continue // a key known only when evaluated may be any
		}
		if ty.HasAttribute(key) {
			w.walk(it.ValueExpr, ty.AttributeType(key), path+"."+key, locals)
			continue
		}
		if declared == nil {
			for n := range ty.AttributeTypes() {
				declared = append(declared, n)
			}
			sort.Strings(declared)
		}
		w.out = append(w.out, lint.DroppedAttribute{
			Path:     path + "." + key,
			Name:     key,
			Range:    w.mi.Evaluator.Session.Rng(it.KeyExpr.Range()),
			Declared: declared,
		})
	}
}

// local is the local value of the calling module that e names whole
// (local.x), within the walk's bound.
func (w *droppedWalk) local(e *hclsyntax.ScopeTraversalExpr, locals int) *hcl.Attribute {
	t := e.Traversal
	if locals >= localDepth || len(t) != 2 || t.RootName() != "local" {
		return nil
	}
	step, ok := t[1].(hcl.TraverseAttr)
	if !ok {
		return nil
	}
	return w.mi.Module.locals[step.Name]
}

// objectKey is an object constructor item's key when it is a name or a
// literal string.
func objectKey(expr hclsyntax.Expression) (string, bool) {
	if k := hcl.ExprAsKeyword(expr); k != "" {
		return k, true
	}
	if ck, ok := expr.(*hclsyntax.ObjectConsKeyExpr); ok {
		expr = ck.Wrapped
	}
	t, ok := expr.(*hclsyntax.TemplateExpr)
	if !ok || !t.IsStringLiteral() {
		return "", false
	}
	v, diags := t.Value(nil)
	if diags.HasErrors() || !v.IsKnown() || v.IsNull() || v.Type() != cty.String {
		return "", false
	}
	return v.AsString(), true
}
