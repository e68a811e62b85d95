package eval

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// referenceOrEmpty reads `cond ? x : ""` (or `: null`, either way round)
// whose condition is known only at apply (it compares a hole, or reads a
// value that does), where x is a string holding a
// reference known only after apply (aws_iam_role.csi[0].arn, an issuer
// with its scheme trimmed): as x. Terraform's value is unknown, one of
// the two; the empty branch stands for "nothing made" (the module's
// output of a role it may not create), and whatever reads it empty makes
// nothing either (`count = var.role_arn != "" ? 1 : 0`, itself unknown
// since it compares a hole). Read so, the value keeps the reference the
// rules follow to the role or issuer it is; opaque, it would be a hole
// named after the output or local that holds it, tied to nothing. A
// branch that compares a hole itself, or is a known value without one,
// leaves the whole unknown: the choice would decide something.
func (mi *ModInst) referenceOrEmpty(expr hcl.Expression, ctx *hcl.EvalContext) (cty.Value, bool) {
	ce, ok := bareConditional(expr)
	if !ok || !conditionUnknown(ce.Condition, ctx) {
		return cty.NilVal, false
	}
	a, okA := mi.branchValue(ce.TrueResult, ctx)
	b, okB := mi.branchValue(ce.FalseResult, ctx)
	if !okA || !okB {
		return cty.NilVal, false
	}
	switch {
	case emptyString(b) && mi.holdsReference(a):
		return a, true
	case emptyString(a) && mi.holdsReference(b):
		return b, true
	}
	return cty.NilVal, false
}

// conditionUnknown reports whether a condition is known only at apply:
// it compares a hole, or its value is unknown.
func conditionUnknown(cond hclsyntax.Expression, ctx *hcl.EvalContext) bool {
	if holeCompared(cond, ctx, 0) {
		return true
	}
	v, diags := cond.Value(ctx)
	return !diags.HasErrors() && v != cty.NilVal && !v.IsKnown()
}

// bareConditional is expr as a conditional, through parentheses and
// budget hooks.
func bareConditional(expr hcl.Expression) (*hclsyntax.ConditionalExpr, bool) {
	for range maxUnwrap {
		switch x := Unhooked(expr).(type) {
		case *hclsyntax.ParenthesesExpr:
			expr = x.Expression
		case *hclsyntax.ConditionalExpr:
			return x, true
		default:
			return nil, false
		}
	}
	return nil, false
}

// branchValue evaluates one branch of a conditional in ctx: not when it
// compares a hole (its value would be decided by a sentinel's text) or
// fails.
func (mi *ModInst) branchValue(expr hclsyntax.Expression, ctx *hcl.EvalContext) (cty.Value, bool) {
	if holeCompared(expr, ctx, 0) {
		return cty.NilVal, false
	}
	v, diags := expr.Value(ctx)
	if diags.HasErrors() || v == cty.NilVal || v.IsMarked() {
		return cty.NilVal, false
	}
	return v, true
}

// emptyString reports whether v is null or the known empty string.
func emptyString(v cty.Value) bool {
	if v.IsNull() {
		return true
	}
	return v.IsKnown() && v.Type() == cty.String && v.AsString() == ""
}

// holdsReference reports whether v is a known string with a hole that
// names what it was read or derived from.
func (mi *ModInst) holdsReference(v cty.Value) bool {
	if !v.IsKnown() || v.IsNull() || v.Type() != cty.String || !hasSentinel(v.AsString()) {
		return false
	}
	d := mi.Evaluator.Holes.decode(v.AsString())
	if len(d.Refs()) > 0 {
		return true
	}
	_, ok := d.SoleOrigin()
	return ok
}
