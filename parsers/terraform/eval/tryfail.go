package eval

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// certainFailure reports whether an argument of try or can fails whatever
// its holes hold: an error of a traversal or index whose own operands are
// known — an attribute a known object does not have, a key a known map
// lacks — is Terraform's error too, even when other parts of the value,
// or other operands of the argument, are unknown.
func certainFailure(diags hcl.Diagnostics) bool {
	found := false
	for _, d := range diags {
		if d.Severity != hcl.DiagError {
			continue
		}
		if d.Expression == nil || !certainAt(d.Expression, d.EvalContext) {
			return false
		}
		found = true
	}
	return found
}

// certainAt reports whether the failing expression fails on known
// operands.
func certainAt(expr hcl.Expression, ctx *hcl.EvalContext) bool {
	switch e := Unhooked(expr).(type) {
	case *hclsyntax.ScopeTraversalExpr:
		cur, ok := lookupVar(ctx, e.Traversal.RootName())
		return ok && failsKnown(cur, e.Traversal[1:])
	case *hclsyntax.RelativeTraversalExpr:
		src, diags := e.Source.Value(ctx)
		return !diags.HasErrors() && failsKnown(src, e.Traversal)
	case *hclsyntax.IndexExpr:
		coll, d1 := e.Collection.Value(ctx)
		key, d2 := e.Key.Value(ctx)
		if d1.HasErrors() || d2.HasErrors() || isHole(coll) || !key.IsWhollyKnown() || valueHasSentinel(key) {
			return false
		}
		_, diags := hcl.Index(coll, key, nil)
		return diags.HasErrors()
	}
	return false
}

// failsKnown reports whether the steps fail on cur at a step whose value
// is known (not a hole): the failure does not depend on what is unknown.
func failsKnown(cur cty.Value, steps hcl.Traversal) bool {
	for _, step := range steps {
		if isHole(cur) {
			return false
		}
		if ix, ok := step.(hcl.TraverseIndex); ok && (!ix.Key.IsWhollyKnown() || valueHasSentinel(ix.Key)) {
			return false
		}
		if a, ok := step.(hcl.TraverseAttr); ok && missingAttr(cur, a.Name) {
			return true
		}
		next, diags := step.TraversalStep(cur)
		if diags.HasErrors() {
			return true
		}
		cur = next
	}
	return false
}

// missingAttr reports whether reading attribute name of cur fails as
// hcl.GetAttr fails on a null value or an object without it, told
// without building the error (the usual failing step of a try argument).
func missingAttr(cur cty.Value, name string) bool {
	return cur.IsNull() || cur.Type().IsObjectType() && !cur.Type().HasAttribute(name)
}
