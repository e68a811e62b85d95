package eval

import (
	"fmt"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

// ConfigEval evaluates expressions of configuration that is not
// Terraform's own (Terragrunt's) with Terraform's functions, sentinel-aware
// as in a module, and within one evaluation budget: the limits of a
// Terraform root, shared by every expression and function call evaluated
// through it. It serves one goroutine.
type ConfigEval struct {
	env *FuncEnv
	fs  map[string]function.Function
}

// NewConfigEval returns an evaluator whose file functions read inside tree
// and resolve relative paths from dir; h is the run's sentinel codec (a
// fresh one when nil).
func NewConfigEval(tree *treefs.Tree, dir string, h *lint.Holes) *ConfigEval {
	if h == nil {
		h = lint.NewHoles()
	}
	return &ConfigEval{env: &FuncEnv{h: Holes{Holes: h}, Tree: tree, Cwd: dir, b: newBudget(defaultLimits)}}
}

// Functions returns Terraform's function table bound to the evaluator's
// budget: a new map each time, which the caller may add to.
func (c *ConfigEval) Functions() map[string]function.Function {
	if c.fs == nil {
		c.fs = c.env.functions()
	}
	out := make(map[string]function.Function, len(c.fs)+32)
	for k, f := range c.fs {
		out[k] = f
	}
	return out
}

// Value evaluates expr in ctx within the budget. The expression's tree is
// instrumented (for expressions, templates and comparisons charge the
// budget as they run), so expr must not be evaluated concurrently. Once
// the budget is spent every value is unknown, without an error.
func (c *ConfigEval) Value(expr hcl.Expression, ctx *hcl.EvalContext) (cty.Value, hcl.Diagnostics) {
	b := c.env.b
	if expr == nil || !b.Ok() {
		return cty.DynamicVal, nil
	}
	hookTree(expr)
	child := &hcl.EvalContext{}
	if ctx != nil {
		child = ctx.NewChild()
	}
	child.Variables = map[string]cty.Value{budgetVar: b.capsule}
	old := b.at(expr.Range())
	defer func() { b.site = old }()
	if !b.step() {
		return cty.DynamicVal, nil
	}
	v, diags := expr.Value(child)
	if v == cty.NilVal || !b.charge(v, "an expression") {
		return cty.DynamicVal, diags
	}
	return v, diags
}

// Spend charges one evaluation step and the bytes of a file read outside
// expressions (a configuration file the evaluated configuration reads);
// false once the budget is spent.
func (c *ConfigEval) Spend(fileBytes int, what string) bool {
	b := c.env.b
	return b.step() && b.chargeBytes(fileBytes, what)
}

// Exceeded says which bound stopped evaluation and where, ok false while
// the budget holds.
func (c *ConfigEval) Exceeded() (what string, at hcl.Range, ok bool) {
	h := c.env.b.hit
	if h == nil {
		return "", hcl.Range{}, false
	}
	return fmt.Sprintf("its %s bound (%s)", h.bound, h.detail), h.at, true
}
