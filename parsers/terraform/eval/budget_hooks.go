package eval

import (
	"github.com/faultline-dev/faultline/parsers/terraform/eval/tffuncs"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// Evaluation inside one hclsyntax expression can explode without calling
// anything faultline controls: a for expression nested three deep, a
// template concatenating a large string many times. Hooks put into the
// syntax tree, once when a module is loaded, charge the budget of the root
// being evaluated (found in the evaluation context) for every element of a
// for expression, every template interpolation, every operand compared and
// every arithmetic result. A hook is a parentheses node, so walks over the
// tree (variables, holeCompared) still see the node it wraps.

// hookKind is what a hook charges for.
type hookKind uint8

const (
	// hookElem: an element, key or condition of a for expression; without
	// a budget in the context (constant evaluation) it is not evaluated.
	hookElem hookKind = iota
	// hookCharge: a value that is concatenated, compared, converted or
	// printed (template parts, == operands, conditional results,
	// arithmetic).
	hookCharge
	// hookBomb: a number literal too large to print; always unknown.
	hookBomb
	// hookPart: a part of a string template, charged as hookCharge; a
	// string part, or one of no known type, not known statically (an
	// index into what a function made of a reference: split("/",
	// <issuer>)[4], jsondecode(<settings>)["region"]) stands as an
	// anonymous hole, so the text around it is kept.
	hookPart
	// hookElement: an element(list, index) call, picked without calling
	// the function when its arguments are plain (elementCall).
	hookElement
	// hookIndex: an index whose key is a value known only at apply (a
	// hole: count.index of an instance that may exist, var.stage with no
	// value): Terraform gives an unknown element, not an error
	// (var.pools[count.index].name), so what reads it is unknown, not
	// failed.
	hookIndex
	// hookColl: the collection of a for expression. One standing as a
	// whole hole (a data source's list attribute,
	// data.aws_subnets.private.ids) is a collection not known before
	// apply: Terraform's for expression over it is unknown, not an
	// iteration over a string.
	hookColl
)

// hook wraps an expression node and charges the budget when it is
// evaluated.
type hook struct {
	*hclsyntax.ParenthesesExpr
	inner hclsyntax.Expression
	kind  hookKind
}

func newHook(inner hclsyntax.Expression, kind hookKind) *hook {
	return &hook{ParenthesesExpr: &hclsyntax.ParenthesesExpr{Expression: inner, SrcRange: inner.Range()}, inner: inner, kind: kind}
}

// Value evaluates the wrapped expression within the budget: once the budget
// is exceeded the value is unknown, without an error (try() and can() must
// not turn it into a known fallback).
func (h *hook) Value(ctx *hcl.EvalContext) (cty.Value, hcl.Diagnostics) {
	b := budgetOf(ctx)
	switch {
	case h.kind == hookBomb:
		if b != nil {
			old := b.at(h.inner.Range())
			b.exceed("number size", "a number literal larger than 2^%d", b.lim.numberExp)
			b.site = old
		}
		return cty.DynamicVal, nil
	case h.kind == hookElement:
		if v, ok := elementCall(h.inner, ctx); ok {
			return v, nil
		}
		return h.inner.Value(ctx)
	case h.kind == hookColl:
		v, diags := h.inner.Value(ctx)
		if !diags.HasErrors() && isWholeHole(v) {
			return cty.DynamicVal, nil
		}
		return v, diags
	case h.kind == hookIndex:
		v, diags := h.inner.Value(ctx)
		if diags.HasErrors() && holeIndex(h.inner, ctx) {
			return cty.DynamicVal, nil
		}
		return v, diags
	case b == nil:
		if h.kind == hookElem {
			return cty.DynamicVal, nil
		}
		return h.inner.Value(ctx)
	case !b.step():
		return cty.DynamicVal, nil
	}
	old := b.at(h.inner.Range())
	defer func() { b.site = old }()
	v, diags := h.inner.Value(ctx)
	if !b.charge(v, "an expression") {
		return cty.DynamicVal, nil
	}
	if h.kind == hookPart && !diags.HasErrors() && !v.IsKnown() && !v.IsMarked() && (v.Type() == cty.String || v.Type() == cty.DynamicPseudoType) && b.holes.Holes != nil {
		// A part of no known type (an index into what jsondecode made of
		// a reference) becomes a string in the template as well.
		return b.holes.anon(), diags
	}
	if h.kind == hookPart && diags.HasErrors() && b.holes.Holes != nil && holeIndex(h.inner, ctx) {
		// var.names[var.stage] with the stage not known: Terraform gives
		// an unknown value, not an error; the text around it is kept.
		return b.holes.anon(), nil
	}
	return v, diags
}

// holeIndex reports whether expr is an index Terraform answers with an
// element not known rather than an error: its key is a value not known
// before apply (a hole: a key missing from a known collection is then no
// error), or it indexes a value not known before apply that stands as one
// hole (a data source's list attribute, data.aws_availability_zones.this.names,
// read by count.index: Terraform indexes the list it reads).
func holeIndex(expr hclsyntax.Expression, ctx *hcl.EvalContext) bool {
	for {
		p, ok := Unhooked(expr).(*hclsyntax.ParenthesesExpr)
		if !ok {
			break
		}
		expr = p.Expression
	}
	ix, ok := Unhooked(expr).(*hclsyntax.IndexExpr)
	if !ok {
		return false
	}
	if k, diags := ix.Key.Value(ctx); !diags.HasErrors() && k.IsKnown() && !k.IsNull() && !k.IsMarked() && k.Type() == cty.String && hasSentinel(k.AsString()) {
		return true
	}
	c, diags := ix.Collection.Value(ctx)
	return !diags.HasErrors() && isWholeHole(c)
}

// instrument puts hooks into every expression of m; it runs once, when m is
// loaded, before any root evaluates m (the loader's sync.Once orders it).
func instrument(m *Module) *Module {
	if m == nil {
		return nil
	}
	for _, e := range m.expressions() {
		hookTree(e)
	}
	return m
}

// expressions lists every expression of a module that evaluation reads:
// the body expressions and the variables' defaults.
func (m *Module) expressions() []hcl.Expression {
	out := m.bodyExpressions()
	for _, v := range m.variables {
		out = append(out, v.def)
	}
	return out
}

// bodyExpressions lists the expressions of locals, outputs, resources,
// module calls and providers (everything that can refer to another block).
func (m *Module) bodyExpressions() []hcl.Expression {
	var out []hcl.Expression
	for _, a := range m.locals {
		out = append(out, a.Expr)
	}
	for _, a := range m.outputs {
		out = append(out, a.Expr)
	}
	for _, r := range m.Resources {
		out = append(out, r.Body.expressions()...)
		out = append(out, r.count, r.forEach, r.enabled)
		out = append(out, r.Commands...)
	}
	for _, c := range m.calls {
		for _, a := range c.Attrs {
			out = append(out, a.Expr)
		}
		out = append(out, c.count, c.forEach, c.enabled, c.sourceExpr, c.versionExpr)
	}
	for _, p := range m.providers {
		out = append(out, p.body.expressions()...)
	}
	return out
}

// hookTree puts hooks below e. The top node is not replaced (its holder is
// not known); evaluation charges its value itself.
func hookTree(e hcl.Expression) {
	n, ok := e.(hclsyntax.Expression)
	if !ok || n == nil {
		return
	}
	if _, done := n.(*hook); done {
		return
	}
	eachSlot(n, func(slot *hclsyntax.Expression) {
		c := *slot
		if c == nil {
			return
		}
		if _, done := c.(*hook); done {
			return
		}
		hookTree(c)
		if kind, ok := hookFor(n, slot, c); ok {
			*slot = newHook(c, kind)
		}
	})
}

// hookFor decides whether the child c, held in slot of parent, gets a hook.
func hookFor(parent hclsyntax.Expression, slot *hclsyntax.Expression, c hclsyntax.Expression) (hookKind, bool) {
	if lit, ok := c.(*hclsyntax.LiteralValueExpr); ok {
		return hookBomb, bigNumber(lit.Val, defaultLimits.numberExp)
	}
	if op, ok := c.(*hclsyntax.BinaryOpExpr); ok && op.Op.Type == cty.Number {
		return hookCharge, true
	}
	if isElementCall(c) {
		return hookElement, true
	}
	switch p := parent.(type) {
	case *hclsyntax.ForExpr:
		if slot == &p.CollExpr {
			return hookColl, true
		}
		return hookElem, true
	case *hclsyntax.TemplateExpr:
		return hookPart, true
	case *hclsyntax.BinaryOpExpr:
		return hookCharge, p.Op == hclsyntax.OpEqual || p.Op == hclsyntax.OpNotEqual
	case *hclsyntax.ConditionalExpr:
		return hookCharge, slot != &p.Condition
	}
	// var.pools[count.index].name, { NAME = var.names[count.index] }: an
	// index by a key known only at apply is unknown, not an error.
	if ix, ok := c.(*hclsyntax.IndexExpr); ok {
		_, literal := ix.Key.(*hclsyntax.LiteralValueExpr)
		return hookIndex, !literal
	}
	return 0, false
}

// bigNumber reports whether v is a known number beyond the exponent bound.
func bigNumber(v cty.Value, maxExp int) bool {
	if !v.IsKnown() || v.IsNull() || v.Type() != cty.Number {
		return false
	}
	exp := v.AsBigFloat().MantExp(nil)
	return exp > maxExp || exp < -maxExp
}

// eachSlot calls f with each field of n that holds a child expression.
func eachSlot(n hclsyntax.Expression, f func(*hclsyntax.Expression)) {
	switch x := n.(type) {
	case *hclsyntax.BinaryOpExpr:
		f(&x.LHS)
		f(&x.RHS)
	case *hclsyntax.UnaryOpExpr:
		f(&x.Val)
	case *hclsyntax.ConditionalExpr:
		f(&x.Condition)
		f(&x.TrueResult)
		f(&x.FalseResult)
	case *hclsyntax.FunctionCallExpr:
		for i := range x.Args {
			f(&x.Args[i])
		}
	case *hclsyntax.TupleConsExpr:
		for i := range x.Exprs {
			f(&x.Exprs[i])
		}
	case *hclsyntax.ObjectConsExpr:
		for i := range x.Items {
			f(&x.Items[i].KeyExpr)
			f(&x.Items[i].ValueExpr)
		}
	case *hclsyntax.ObjectConsKeyExpr:
		f(&x.Wrapped)
	case *hclsyntax.IndexExpr:
		f(&x.Collection)
		f(&x.Key)
	case *hclsyntax.RelativeTraversalExpr:
		f(&x.Source)
	case *hclsyntax.SplatExpr:
		f(&x.Source)
		f(&x.Each)
	case *hclsyntax.ForExpr:
		f(&x.CollExpr)
		f(&x.KeyExpr)
		f(&x.ValExpr)
		f(&x.CondExpr)
	case *hclsyntax.TemplateExpr:
		for i := range x.Parts {
			f(&x.Parts[i])
		}
	case *hclsyntax.TemplateWrapExpr:
		f(&x.Wrapped)
	case *hclsyntax.TemplateJoinExpr:
		f(&x.Tuple)
	case *hclsyntax.ParenthesesExpr:
		f(&x.Expression)
	}
}

// hasFor reports whether e holds a for expression (or a template for
// directive), which constant evaluation does not run.
func hasFor(e hcl.Expression) bool {
	n, ok := e.(hclsyntax.Expression)
	if !ok || n == nil {
		return false
	}
	found := false
	_ = hclsyntax.VisitAll(n, func(x hclsyntax.Node) hcl.Diagnostics {
		if _, ok := x.(*hclsyntax.ForExpr); ok {
			found = true
		}
		return nil
	})
	return found
}

// staticValue evaluates an expression that may use no variables or
// functions (module source, version, provider alias, --var values). For
// expressions over literals are not run: they are never needed there, and
// nested ones could build billions of values.
func staticValue(e hcl.Expression) (cty.Value, hcl.Diagnostics) {
	if hasFor(e) {
		return cty.DynamicVal, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "Unsupported expression", Detail: "A for expression is not evaluated here."}}
	}
	return e.Value(nil)
}

// constValue evaluates a constant expression of the root (a tfvars value,
// a variable default) within the root's budget.
func (e *Evaluator) constValue(x hcl.Expression) (cty.Value, hcl.Diagnostics) {
	b := e.Budget()
	if x == nil || !b.Ok() {
		return cty.DynamicVal, nil
	}
	if _, native := x.(hclsyntax.Expression); !native {
		// JSON syntax without a context reads strings verbatim: no
		// templates, nothing to bound beyond the file's size.
		return x.Value(nil)
	}
	old := b.at(x.Range())
	defer func() { b.site = old }()
	b.step()
	if b.constCtx == nil {
		b.constCtx = &hcl.EvalContext{Variables: map[string]cty.Value{budgetVar: b.capsule}}
	}
	v, diags := x.Value(b.constCtx)
	if !b.charge(v, "a constant") {
		return cty.DynamicVal, nil
	}
	return v, diags
}

// varFileValue is constValue for a variables file's expression, parsed for
// this root alone (so it is instrumented here).
func (e *Evaluator) varFileValue(x hcl.Expression) (cty.Value, hcl.Diagnostics) {
	hookTree(x)
	return e.constValue(x)
}

// Unhooked is the expression a budget hook wraps (the expression itself
// when it is none): what was written, for reading its syntax.
func Unhooked(e hcl.Expression) hcl.Expression {
	for {
		h, ok := e.(*hook)
		if !ok {
			return e
		}
		e = h.inner
	}
}

// isElementCall reports whether x is a call element(list, index).
func isElementCall(x hclsyntax.Expression) bool {
	fc, ok := x.(*hclsyntax.FunctionCallExpr)
	return ok && fc.Name == "element" && len(fc.Args) == 2 && !fc.ExpandFinal
}

// elementCall is the value of x, a call element(list, index), when its
// arguments are plain (tffuncs.ElementAt): picked without calling the
// function, since go-cty walks every element of a list passed to any
// function (looking for marks), and element() over a long list once per
// count index took time quadratic in the list. The budget is spent as a
// call would spend it: a step, and the element charged. It reports false
// for any other expression or arguments, which the call decides.
func elementCall(x hclsyntax.Expression, ctx *hcl.EvalContext) (cty.Value, bool) {
	if !isElementCall(x) {
		return cty.NilVal, false
	}
	fc := x.(*hclsyntax.FunctionCallExpr)
	if !hasFunction(ctx, "element") {
		return cty.NilVal, false
	}
	list, diags := fc.Args[0].Value(ctx)
	if diags.HasErrors() {
		return cty.NilVal, false
	}
	index, diags := fc.Args[1].Value(ctx)
	if diags.HasErrors() {
		return cty.NilVal, false
	}
	v, ok := tffuncs.ElementAt(list, index)
	if !ok {
		return cty.NilVal, false
	}
	if b := budgetOf(ctx); b != nil && (!b.step() || !b.charge(v, "element")) {
		return cty.DynamicVal, true
	}
	return v, true
}

// hasFunction reports whether ctx, or a context it is a child of, has
// function name, as hcl looks a call's function up.
func hasFunction(ctx *hcl.EvalContext, name string) bool {
	for c := ctx; c != nil; c = c.Parent() {
		if _, ok := c.Functions[name]; ok {
			return true
		}
	}
	return false
}
