package eval

import (
	"fmt"
	"sync/atomic"
	"time"

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
	// anons counts the fresh anonymous holes made; relative counts the
	// relative paths resolved against the evaluator's directory.
	anons, relative atomic.Int64
}

// NewConfigEval returns an evaluator whose file functions read inside tree
// and resolve relative paths from dir; h is the run's sentinel codec (a
// fresh one when nil).
func NewConfigEval(tree *treefs.Tree, dir string, h *lint.Holes) *ConfigEval {
	if h == nil {
		h = lint.NewHoles()
	}
	c := &ConfigEval{}
	c.env = &FuncEnv{h: Holes{Holes: h, anons: &c.anons}, Tree: tree, Cwd: dir, b: newBudget(defaultLimits), relative: &c.relative}
	return c
}

// Functions returns Terraform's function table bound to the evaluator's
// budget: a new map each time, which the caller may add to.
func (c *ConfigEval) Functions() map[string]function.Function {
	fs := c.Table()
	out := make(map[string]function.Function, len(fs)+32)
	for k, f := range fs {
		out[k] = f
	}
	return out
}

// Table returns Terraform's function table bound to the evaluator's
// budget, built once: the caller must not change it (an evaluation
// context whose child adds functions serves as well as a copy).
func (c *ConfigEval) Table() map[string]function.Function {
	if c.fs == nil {
		c.fs = c.env.functions()
	}
	return c.fs
}

// Reset makes c what NewConfigEval(tree, dir, h) would return, its
// function table kept (building one costs as much as evaluating a small
// configuration): a fresh budget, relative paths resolved from dir.
// Nothing may use c's earlier functions or evaluations after.
func (c *ConfigEval) Reset(dir string) {
	b := c.env.b
	nb := newBudget(b.lim)
	nb.capsule = b.capsule // the capsule holds b itself
	*b = *nb
	c.env.Cwd = dir
}

// SavedBudget is the state of a ConfigEval's budget, to put back in
// (another) evaluator: what it has spent, and where it stopped.
type SavedBudget struct{ b budget }

// SaveBudget is the state of c's budget.
func (c *ConfigEval) SaveBudget() SavedBudget { return SavedBudget{*c.env.b} }

// RestoreBudget puts s in c's budget: c then evaluates as the evaluator
// s was saved from did (given the same directory).
func (c *ConfigEval) RestoreBudget(s SavedBudget) {
	b := c.env.b
	capsule := b.capsule
	*b = s.b
	b.capsule = capsule
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

// SetDeadline sets the wall-clock backstop of c's budget to d from now,
// and of every budget Reset gives it (tests lower it).
func (c *ConfigEval) SetDeadline(d time.Duration) {
	b := c.env.b
	b.lim.deadline = d
	b.deadline = time.Now().Add(d)
}

// WallStopped says whether the wall-clock backstop stopped evaluation
// (Exceeded names it among the bounds): whether it did depends on the
// machine's load.
func (c *ConfigEval) WallStopped() bool { return c.env.b.wallStopped() }

// Fresh is how many fresh anonymous holes the evaluator's functions have
// made: each equals nothing, so a value holding one is not the value an
// evaluation made elsewhere would give.
func (c *ConfigEval) Fresh() int64 { return c.anons.Load() }

// Relative is how many relative paths the evaluator's file functions (and
// abspath) have resolved against its directory.
func (c *ConfigEval) Relative() int64 { return c.relative.Load() }

// ConfigMark is the budget's state at the start of an evaluation whose
// cost is to be measured (Mark, Since).
type ConfigMark struct {
	m          budgetMark
	regexSteps int64
	// needs saved from an enclosing measurement, restored by Since.
	needElements, needBytes, needRegex float64
}

// ConfigCost is what an evaluation cost the budget, and the room its
// checks needed: charged again by Replay where every check would pass.
type ConfigCost struct{ s spent }

// Mark starts measuring an evaluation's cost; measurements nest.
func (c *ConfigEval) Mark() ConfigMark {
	b := c.env.b
	m := ConfigMark{m: budgetMark{b.evals, b.elements, b.bytes}, regexSteps: b.regexSteps, needElements: b.needElements, needBytes: b.needBytes, needRegex: b.needRegex}
	b.needElements, b.needBytes, b.needRegex = 0, 0, 0
	return m
}

// Since is the cost of the evaluation since m; ok is false when the
// budget ran out (the evaluation stopped early: its result is not what a
// replay may give).
func (c *ConfigEval) Since(m ConfigMark) (ConfigCost, bool) {
	b := c.env.b
	s, ok := b.since(m.m)
	if ok {
		s.regexSteps = b.regexSteps - m.regexSteps
		s.roomRegex = max(float64(s.regexSteps), b.needRegex-float64(m.regexSteps))
	}
	b.needElements = max(b.needElements, m.needElements)
	b.needBytes = max(b.needBytes, m.needBytes)
	b.needRegex = max(b.needRegex, m.needRegex)
	return ConfigCost{s}, ok
}

// Replay charges cost as if its evaluation ran again; false (nothing
// charged) when one of that evaluation's checks might fail now: the
// caller evaluates anew.
func (c *ConfigEval) Replay(cost ConfigCost) bool { return c.env.b.replay(cost.s) }
