package eval

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/customdecode"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"

	"github.com/faultline-dev/faultline/lint"
)

// What is unknown before apply stays unknown through the evaluator: a
// hole (a sentinel standing for a value known only after apply) compared
// for equality, tested with can(), or read by a failing try() argument
// gives an unknown result, as the same unknown does in Terraform. Each
// case is a conformance case (testdata/conformance, "unknown_*").

const (
	// maxForDepth bounds the nesting of for expressions followed.
	maxForDepth = 4
	// maxForElements bounds the elements of one for expression checked one
	// by one; a larger collection is judged whole.
	maxForElements = 1000
)

// holeCompared reports whether evaluating n in ctx compares a hole for
// equality (null comparisons aside: a hole is taken to be non-null). For
// expressions are followed element by element, their variables bound.
func holeCompared(n hclsyntax.Node, ctx *hcl.EvalContext, depth int) bool {
	return comparedIn(compareNodes(n, depth), ctx, depth)
}

// compareNode is an equality or a for expression of a syntax tree: what
// holeCompared evaluates. The nodes of an expression depend on its syntax
// alone and are listed once (exprFacts), in the order a walk of the tree
// meets them.
type compareNode struct {
	eq   *hclsyntax.BinaryOpExpr
	loop *compareFor
}

// compareFor is a for expression and, when it holds an equality and is
// followed (depth below maxForDepth), the nodes of its key, value and
// condition expressions, checked element by element one level deeper.
type compareFor struct {
	expr     *hclsyntax.ForExpr
	equality bool
	parts    [3][]compareNode
}

// compareNodes lists the equalities and for expressions of n, walked at
// depth, in the order hclsyntax.VisitAll visits them.
func compareNodes(n hclsyntax.Node, depth int) []compareNode {
	var out []compareNode
	_ = hclsyntax.VisitAll(n, func(x hclsyntax.Node) hcl.Diagnostics {
		switch x := x.(type) {
		case *hclsyntax.BinaryOpExpr:
			if x.Op == hclsyntax.OpEqual || x.Op == hclsyntax.OpNotEqual {
				out = append(out, compareNode{eq: x})
			}
		case *hclsyntax.ForExpr:
			out = append(out, compareNode{loop: newCompareFor(x, depth)})
		}
		return nil
	})
	return out
}

func newCompareFor(f *hclsyntax.ForExpr, depth int) *compareFor {
	c := &compareFor{expr: f}
	if depth >= maxForDepth {
		return c // never followed
	}
	if c.equality = hasEquality(f); c.equality {
		for i, e := range []hclsyntax.Expression{f.KeyExpr, f.ValExpr, f.CondExpr} {
			if e != nil {
				c.parts[i] = compareNodes(e, depth+1)
			}
		}
	}
	return c
}

// hasEqualityNode reports whether nodes hold an == or !=.
func hasEqualityNode(nodes []compareNode) bool {
	for _, n := range nodes {
		if n.eq != nil {
			return true
		}
	}
	return false
}

// comparedIn is holeCompared over the nodes of an expression, listed.
func comparedIn(nodes []compareNode, ctx *hcl.EvalContext, depth int) bool {
	for _, n := range nodes {
		switch {
		case n.eq != nil:
			if equalityHole(n.eq, ctx) {
				return true
			}
		case depth < maxForDepth && forComparesHole(n.loop, ctx, depth):
			return true
		}
	}
	return false
}

// equalityHole reports whether either side of an equality holds a hole,
// unless it is a string compared with "" that holds text of its own
// besides its holes: that string is not empty whatever they hold.
func equalityHole(b *hclsyntax.BinaryOpExpr, ctx *hcl.EvalContext) bool {
	l, ld := b.LHS.Value(ctx)
	r, rd := b.RHS.Value(ctx)
	if ld.HasErrors() || rd.HasErrors() || l.IsNull() || r.IsNull() {
		return false
	}
	if emptyVersusText(l, r) || emptyVersusText(r, l) {
		return false
	}
	return valueHasSentinel(l) || valueHasSentinel(r)
}

// emptyVersusText reports whether a is the empty string and b a string
// holding text outside its holes.
func emptyVersusText(a, b cty.Value) bool {
	a, _ = a.Unmark()
	b, _ = b.Unmark()
	if !a.IsKnown() || a.Type() != cty.String || a.AsString() != "" || !b.IsKnown() || b.Type() != cty.String {
		return false
	}
	return lint.MapSentinels(b.AsString(), func(string) string { return "" }) != ""
}

// forComparesHole checks a for expression holding an equality with its
// key and value variables bound to each element in turn.
func forComparesHole(c *compareFor, ctx *hcl.EvalContext, depth int) bool {
	if !c.equality {
		return false
	}
	f := c.expr
	coll, diags := f.CollExpr.Value(ctx)
	if diags.HasErrors() || !coll.IsKnown() || coll.IsNull() || !coll.CanIterateElements() {
		return false
	}
	if coll.LengthInt() > maxForElements {
		return valueHasSentinel(coll)
	}
	for it := coll.ElementIterator(); it.Next(); {
		k, v := it.Element()
		child := ctx.NewChild()
		child.Variables = map[string]cty.Value{f.ValVar: v}
		if f.KeyVar != "" {
			child.Variables[f.KeyVar] = k
		}
		for _, part := range c.parts {
			if comparedIn(part, child, depth+1) {
				return true
			}
		}
	}
	return false
}

// hasEquality reports whether n holds an == or != anywhere.
func hasEquality(n hclsyntax.Node) bool {
	found := false
	_ = hclsyntax.VisitAll(n, func(x hclsyntax.Node) hcl.Diagnostics {
		if b, ok := x.(*hclsyntax.BinaryOpExpr); ok && (b.Op == hclsyntax.OpEqual || b.Op == hclsyntax.OpNotEqual) {
			found = true
		}
		return nil
	})
	return found
}

// readsHole reports whether a failed expression may have failed only
// because a hole stands where a value unknown before apply will be: one
// of its references steps into a hole, or reaches a value holding one.
func readsHole(expr hcl.Expression, ctx *hcl.EvalContext) bool {
	for _, t := range expr.Variables() {
		cur, ok := lookupVar(ctx, t.RootName())
		if !ok {
			continue
		}
		complete := true
		for _, step := range t[1:] {
			if isHole(cur) {
				return true
			}
			next, diags := step.TraversalStep(cur)
			if diags.HasErrors() {
				complete = false // a known value without that step
				break
			}
			cur = next
		}
		if complete && (!cur.IsWhollyKnown() || valueHasSentinel(cur)) {
			return true
		}
	}
	return false
}

// isHole reports whether v is unknown or a string holding a sentinel.
func isHole(v cty.Value) bool {
	if !v.IsKnown() {
		return true
	}
	return !v.IsNull() && v.Type() == cty.String && hasSentinel(v.AsString())
}

// lookupVar finds a root variable in ctx or its parents.
func lookupVar(ctx *hcl.EvalContext, name string) (cty.Value, bool) {
	for c := ctx; c != nil; c = c.Parent() {
		if v, ok := c.Variables[name]; ok {
			return v, true
		}
	}
	return cty.NilVal, false
}

// holeTryFunc is hcl's try, hole-aware: the first argument that succeeds
// gives the result (holes and all); one that fails because it reads into
// a hole makes the result unknown, since with the value known it might
// not fail.
//
// Its return type is dynamic, so its arguments are evaluated once, in
// Impl: hcl's try evaluates them in Type too, twice per call and 2ⁿ times
// for n nested calls. Nothing reads the type before the call (hcl calls
// the function at once: a closure argument is always known, so the type
// is never the result of an unknown call), and a dynamic type admits
// whatever Impl returns.
var holeTryFunc = function.New(&function.Spec{
	VarParam: &function.Parameter{Name: "expressions", Type: customdecode.ExpressionClosureType},
	Type:     function.StaticReturnType(cty.DynamicPseudoType),
	Impl:     func(args []cty.Value, _ cty.Type) (cty.Value, error) { return holeTry(args) },
})

func holeTry(args []cty.Value) (cty.Value, error) {
	if len(args) == 0 {
		return cty.NilVal, errNoTryArgs
	}
	var diags hcl.Diagnostics
	for _, a := range args {
		c := customdecode.ExpressionClosureFromVal(a)
		v, more := c.Value()
		if more.HasErrors() {
			if !certainFailure(more) && readsHole(c.Expression, c.EvalContext) {
				return cty.DynamicVal, nil
			}
			diags = append(diags, more...)
			continue
		}
		if !v.IsWhollyKnown() {
			return cty.DynamicVal, nil
		}
		return v, nil
	}
	return cty.NilVal, tryError(diags)
}

// holeCanFunc is hcl's can, hole-aware: a value holding a hole, or a
// failure that reads into one, is unknown.
var holeCanFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "expression", Type: customdecode.ExpressionClosureType}},
	Type:   function.StaticReturnType(cty.Bool),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		c := customdecode.ExpressionClosureFromVal(args[0])
		v, diags := c.Value()
		switch {
		case diags.HasErrors() && !certainFailure(diags) && readsHole(c.Expression, c.EvalContext):
			return cty.UnknownVal(cty.Bool), nil
		case diags.HasErrors():
			return cty.False, nil
		case !v.IsWhollyKnown() || valueHasSentinel(v):
			return cty.UnknownVal(cty.Bool), nil
		}
		return cty.True, nil
	},
})

var errNoTryArgs = errors.New("at least one argument is required")

// tryError is try's failure when no argument succeeds, worded as hcl's.
func tryError(diags hcl.Diagnostics) error {
	var b strings.Builder
	b.WriteString("no expression succeeded:\n")
	for _, d := range diags {
		if d.Subject != nil {
			fmt.Fprintf(&b, "- %s (at %s)\n  %s\n", d.Summary, d.Subject, d.Detail)
		} else {
			fmt.Fprintf(&b, "- %s\n  %s\n", d.Summary, d.Detail)
		}
	}
	b.WriteString("\nAt least one expression must produce a successful result")
	return errors.New(b.String())
}

// jsonComparesHole is holeCompared for an expression in JSON syntax
// (.tf.json): each string of the value is a template, checked like a
// native expression.
func (mi *ModInst) jsonComparesHole(expr hcl.Expression, ctx *hcl.EvalContext) bool {
	if _, native := expr.(hclsyntax.Expression); native {
		return false
	}
	r := expr.Range()
	src, found := mi.Module.src[r.Filename]
	if !found || r.Start.Byte < 0 || r.End.Byte > len(src) || r.Start.Byte >= r.End.Byte {
		return false
	}
	raw := src[r.Start.Byte:r.End.Byte]
	if !bytes.Contains(raw, []byte("==")) && !bytes.Contains(raw, []byte("!=")) {
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var tree any
	if err := dec.Decode(&tree); err != nil {
		return false
	}
	return jsonComparesHoleIn(tree, r, ctx)
}

// jsonComparesHoleIn checks the strings (and object keys) of a decoded
// JSON value.
func jsonComparesHoleIn(x any, r hcl.Range, ctx *hcl.EvalContext) bool {
	switch t := x.(type) {
	case string:
		return templateComparesHole(t, r, ctx)
	case []any:
		for _, e := range t {
			if jsonComparesHoleIn(e, r, ctx) {
				return true
			}
		}
	case map[string]any:
		for k, e := range t {
			if templateComparesHole(k, r, ctx) || jsonComparesHoleIn(e, r, ctx) {
				return true
			}
		}
	}
	return false
}

// templateComparesHole parses one JSON string as a template (hooked to
// the budget) and checks it.
func templateComparesHole(s string, r hcl.Range, ctx *hcl.EvalContext) bool {
	if !strings.Contains(s, "${") && !strings.Contains(s, "%{") {
		return false
	}
	expr, diags := hclsyntax.ParseTemplate([]byte(s), r.Filename, r.Start)
	if diags.HasErrors() {
		return false
	}
	hookTree(expr)
	return holeCompared(expr, ctx, 0)
}
