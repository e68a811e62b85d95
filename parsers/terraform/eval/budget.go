package eval

import (
	"fmt"
	"math"
	"reflect"
	"time"

	"github.com/faultline-dev/faultline/lint"
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// budgetLimits bound the evaluation of one Terraform root module, the local
// modules it calls included. Input from a stranger's pull request may ask
// for values no machine can build (a billion-element setproduct, a string
// doubled 36 times, 1000^5 module instances); the limits stop those within
// a few seconds and a few hundred MB, while staying far above what real
// configuration needs: the examples and tests of the EKS, VPC and IAM
// registry modules peak at 5,000 evaluations, 17,000 elements, 0.9 MB of
// strings and 150 instances per root, under 1% of each limit.
//
// The counters are deterministic, so whether a root stays in its budget
// does not depend on the machine's load; the deadline is only a backstop.
type budgetLimits struct {
	// evals counts expression evaluations: attribute expressions, each
	// element of a for expression, template interpolations, function calls.
	evals int64
	// elements counts the values walked in results and function arguments
	// (a shared value is counted each time it is used), plus the estimated
	// work of converting large tuples and objects to lists, sets and maps,
	// which go-cty does in quadratic time.
	elements int64
	// bytes counts the string bytes in the same values.
	bytes int64
	// valueLen bounds the elements of any one collection.
	valueLen int64
	// stringLen bounds the bytes of any one string.
	stringLen int64
	// depth bounds the nesting of any one value (and of decoded YAML/JSON).
	depth int
	// numberExp bounds the binary exponent of a number: larger ones print as
	// strings of millions of digits.
	numberExp int
	// instances counts resource, data source and module instances across
	// the whole root: the product of nested count / for_each, not only one
	// block's.
	instances int64
	// patternLen bounds the bytes of a regular expression's pattern, and
	// regexInsts the instructions it compiles to (repetitions expanded).
	patternLen, regexInsts int64
	// regexSteps bounds the work of matching regular expressions across
	// the root: each rune a search reads costs the size of the program.
	regexSteps int64
	// deadline is the wall-clock backstop.
	deadline time.Duration
}

// deadlineBound names the wall-clock backstop among the bounds a budget
// may be stopped at (budgetHit.bound).
const deadlineBound = "deadline"

// defaultLimits are the limits of every root.
var defaultLimits = budgetLimits{
	evals:     1_000_000,
	elements:  4_000_000,
	bytes:     128 << 20,
	valueLen:  250_000,
	stringLen: 8 << 20,
	depth:     1000,
	numberExp: 4096, // about 1e1233
	instances: 20_000,
	// Terraform's patterns are a few dozen bytes; matching an ARN with
	// one costs a few thousand steps.
	patternLen: 64 << 10,
	regexInsts: 64 << 10,
	regexSteps: 1 << 28,
	deadline:   60 * time.Second,
}

// budget is one root's evaluation budget. Evaluation of a root runs on one
// goroutine, so the budget needs no lock.
type budget struct {
	lim budgetLimits
	// evals, elements, bytes, instances and regexSteps are what has been
	// spent.
	evals, elements, bytes, instances, regexSteps int64
	deadline                                      time.Time
	// site is the expression being evaluated, for the note.
	site hcl.Range
	// hit is the first bound exceeded; nil while within budget.
	hit *budgetHit
	// capsule carries the budget in evaluation contexts, for the hooks.
	capsule cty.Value
	// holes makes the anonymous holes a template part not known
	// statically stands as (zero: the part stays unknown).
	holes Holes
	// constCtx evaluates constants: no variables or functions, only the
	// budget.
	constCtx *hcl.EvalContext
	// regexes are the scanners of the patterns used so far (the root is
	// evaluated on one goroutine, so they are not shared).
	regexes map[string]*regexScanner
	// needElements and needBytes are the most that need() has asked to
	// have room for (a replayed evaluation must have that room: replay.go).
	needElements, needBytes float64
	// needRegex is the most regular expression steps a search needed room
	// for (its steps, and some to spare).
	needRegex float64
	// shallow is set while a selecting function's arguments and result
	// are walked: strings inside collections are counted as elements, not
	// bytes.
	shallow bool
}

// budgetHit says which bound was exceeded, and where.
type budgetHit struct {
	bound  string
	detail string
	at     hcl.Range
}

// budgetType is the capsule type that carries a budget in an evaluation
// context.
var budgetType = cty.Capsule("faultline budget", reflect.TypeOf(budget{}))

// budgetVar is the context variable holding the budget; no HCL identifier
// can name it.
const budgetVar = "faultline budget"

func newBudget(lim budgetLimits) *budget {
	b := &budget{lim: lim, deadline: time.Now().Add(lim.deadline)}
	b.capsule = cty.CapsuleVal(budgetType, b)
	return b
}

// budgetOf finds the budget in an evaluation context or its parents; nil
// when the context carries none.
func budgetOf(ctx *hcl.EvalContext) *budget {
	for c := ctx; c != nil; c = c.Parent() {
		if v, ok := c.Variables[budgetVar]; ok && v.Type().Equals(budgetType) {
			return v.EncapsulatedValue().(*budget)
		}
	}
	return nil
}

// Ok reports whether the budget still holds.
func (b *budget) Ok() bool { return b == nil || b.hit == nil }

// wallStopped says whether the wall-clock backstop stopped b: whether
// it did depends on the machine's load.
func (b *budget) wallStopped() bool {
	return b != nil && b.hit != nil && b.hit.bound == deadlineBound
}

// exceed records the first bound exceeded.
func (b *budget) exceed(bound, format string, args ...any) {
	if b.hit == nil {
		b.hit = &budgetHit{bound: bound, detail: fmt.Sprintf(format, args...), at: b.site}
	}
}

// at sets the site of the evaluation in progress and returns the previous
// one, to restore.
func (b *budget) at(r hcl.Range) hcl.Range {
	old := b.site
	if r.Filename != "" {
		b.site = r
	}
	return old
}

// step spends one evaluation.
func (b *budget) step() bool {
	if b.hit != nil {
		return false
	}
	b.evals++
	if b.evals > b.lim.evals {
		b.exceed("expression evaluations", "more than %d", b.lim.evals)
		return false
	}
	if b.evals&1023 == 0 && time.Now().After(b.deadline) {
		b.exceed(deadlineBound, "evaluation took longer than %s", b.lim.deadline)
		return false
	}
	return true
}

// instance spends one resource or module instance.
func (b *budget) instance() bool {
	if b.hit != nil {
		return false
	}
	b.instances++
	if b.instances > b.lim.instances {
		b.exceed("instances", "more than %d resource and module instances", b.lim.instances)
		return false
	}
	return true
}

// instances checks that n more instances fit before they are expanded.
func (b *budget) roomFor(n int64, what string) bool {
	if b.hit != nil {
		return false
	}
	if n > b.lim.instances-b.instances {
		b.exceed("instances", "%s asks for %d instances; %d of %d are left", what, n, b.lim.instances-b.instances, b.lim.instances)
		return false
	}
	return true
}

// need checks an estimate of what a function is about to build against
// the per-value bounds and what is left.
func (b *budget) need(x estimate, what string) bool {
	elements, bytes := x.elements, x.bytes
	b.needElements = max(b.needElements, float64(b.elements)+elements)
	b.needBytes = max(b.needBytes, float64(b.bytes)+bytes)
	switch {
	case b.hit != nil:
		return false
	case x.depth > b.lim.depth:
		b.exceed("value depth", "%s would decode values nested %d levels deep (limit %d)", what, x.depth, b.lim.depth)
	case elements > float64(b.lim.valueLen):
		b.exceed("collection size", "%s would build %.0f elements (limit %d)", what, elements, b.lim.valueLen)
	case bytes > float64(b.lim.stringLen):
		b.exceed("string size", "%s would build %.0f bytes (limit %d)", what, bytes, b.lim.stringLen)
	case elements > float64(b.lim.elements-b.elements):
		b.exceed("values built", "%s would build %.0f elements; %d of %d are left", what, elements, b.lim.elements-b.elements, b.lim.elements)
	case bytes > float64(b.lim.bytes-b.bytes):
		b.exceed("string bytes", "%s would build %.0f bytes; %d of %d are left", what, bytes, b.lim.bytes-b.bytes, b.lim.bytes)
	}
	return b.hit == nil
}

// spend adds work that is not a walked value (conversions).
func (b *budget) spend(elements float64, what string) bool {
	if b.hit != nil {
		return false
	}
	if elements > float64(b.lim.elements-b.elements) {
		b.exceed("values built", "%s costs about %.0f element operations; %d of %d are left", what, elements, b.lim.elements-b.elements, b.lim.elements)
		return false
	}
	b.elements += int64(elements)
	return true
}

// chargeBytes spends n bytes read from a file.
func (b *budget) chargeBytes(n int, what string) bool {
	if b == nil {
		return true
	}
	if b.hit != nil {
		return false
	}
	b.bytes += int64(n)
	if b.bytes > b.lim.bytes {
		b.exceed("string bytes", "more than %d bytes of strings (at %s)", b.lim.bytes, what)
	}
	return b.hit == nil
}

// size is what walking a value found.
type size struct {
	elements, bytes float64
	// convert is the estimated work of converting the value's tuples and
	// objects to collections: the sum of their squared lengths.
	convert float64
}

// charge walks v, spending its elements and bytes; false once a bound is
// exceeded (the walk stops there, so its cost is bounded by the budget).
func (b *budget) charge(v cty.Value, what string) bool {
	_, ok := b.measure(v, what)
	return ok
}

// measure is charge that also returns the size found.
func (b *budget) measure(v cty.Value, what string) (size, bool) {
	var s size
	if b.hit != nil {
		return s, false
	}
	b.walk(v, 0, &s, what)
	return s, b.hit == nil
}

// walk counts v into s and the budget. Values carry shared structure, so
// the walk counts what a consumer of v would visit.
func (b *budget) walk(v cty.Value, depth int, s *size, what string) {
	b.elements++
	s.elements++
	if b.elements > b.lim.elements {
		b.exceed("values built", "more than %d elements (at %s)", b.lim.elements, what)
		return
	}
	if depth > b.lim.depth {
		b.exceed("value depth", "%s is nested more than %d levels deep", what, b.lim.depth)
		return
	}
	if v == cty.NilVal || !v.IsKnown() || v.IsNull() {
		return
	}
	v, _ = v.Unmark()
	ty := v.Type()
	switch {
	case ty == cty.String && b.shallow && depth > 0:
	case ty == cty.String:
		b.walkString(v.AsString(), s, what)
	case ty == cty.Number:
		if exp := v.AsBigFloat().MantExp(nil); exp > b.lim.numberExp || exp < -b.lim.numberExp {
			b.exceed("number size", "%s holds a number of about 2^%d", what, exp)
		}
	case ty.IsListType() || ty.IsSetType() || ty.IsMapType() || ty.IsTupleType() || ty.IsObjectType():
		b.walkCollection(v, depth, s, what)
	}
}

// walkString counts a string (or a key).
func (b *budget) walkString(str string, s *size, what string) {
	n := int64(len(str))
	b.bytes += n
	s.bytes += float64(n)
	switch {
	case n > b.lim.stringLen:
		b.exceed("string size", "%s holds a string of %d bytes (limit %d)", what, n, b.lim.stringLen)
	case b.bytes > b.lim.bytes:
		b.exceed("string bytes", "more than %d bytes of strings (at %s)", b.lim.bytes, what)
	}
}

// walkCollection counts a known collection, its keys and its elements.
func (b *budget) walkCollection(v cty.Value, depth int, s *size, what string) {
	ty := v.Type()
	n := v.LengthInt()
	if int64(n) > b.lim.valueLen {
		b.exceed("collection size", "%s holds a collection of %d elements (limit %d)", what, n, b.lim.valueLen)
		return
	}
	if (ty.IsTupleType() || ty.IsObjectType()) && n > 64 {
		s.convert += float64(n) * float64(n)
	}
	if ty.IsObjectType() {
		// By attribute name: the element iterator would build (and
		// normalise) a key value for each.
		for name := range ty.AttributeTypes() {
			if b.hit != nil {
				return
			}
			b.walkString(name, s, what)
			b.walk(v.GetAttr(name), depth+1, s, what)
		}
		return
	}
	for it := v.ElementIterator(); it.Next() && b.hit == nil; {
		k, x := it.Element()
		if ty.IsMapType() {
			b.walkString(k.AsString(), s, what)
		}
		b.walk(x, depth+1, s, what)
	}
}

// budgetNote is the coverage note of an exceeded budget; ok is false while
// the budget holds.
func (e *Evaluator) budgetNote() (lint.Note, bool) {
	if e.RootBudget == nil || e.RootBudget.hit == nil {
		return lint.Note{}, false
	}
	h := e.RootBudget.hit
	r := e.Session.Rng(h.at)
	if r.File == "" && len(e.Root.files) > 0 {
		r = lint.Range{File: e.Session.Rel(e.Root.files[0]), Line: 1, Column: 1, EndLine: 1, EndColumn: 1}
	}
	what := fmt.Sprintf("terraform root %s: evaluation stopped at its %s bound (%s); the rest of this root's values are unknown and not checked", e.RootRel, h.bound, h.detail)
	return lint.Note{Kind: lint.Skipped, What: what, Range: r}, true
}

// Budget returns the root's budget, made on first use: the default
// limits, with the session's deadline when it sets one.
func (e *Evaluator) Budget() *budget {
	if e.RootBudget == nil {
		lim := defaultLimits
		if e.Session != nil && e.Session.Options.Deadline != 0 {
			lim.deadline = e.Session.Options.Deadline
		}
		e.RootBudget = newBudget(lim)
		e.RootBudget.holes = e.Holes
	}
	return e.RootBudget
}

// WallStopped says whether the root's wall-clock backstop stopped its
// evaluation (Options.Deadline): its values then depend on the
// machine's load.
func (e *Evaluator) WallStopped() bool { return e.RootBudget.wallStopped() }

// saturating multiplication for estimates.
func mulSat(a, b float64) float64 {
	if r := a * b; !math.IsNaN(r) {
		return r
	}
	return math.Inf(1)
}

// noteBudget adds the coverage note of an exceeded budget; the root's run
// calls it once, at its end.
func (e *Evaluator) noteBudget() {
	if n, ok := e.budgetNote(); ok {
		e.Notes = append(e.Notes, n)
	}
}

// convertVar converts a variable's value to its type constraint within the
// budget; a value that does not convert is unknown.
func (mi *ModInst) convertVar(v cty.Value, ty cty.Type) cty.Value {
	b := mi.Evaluator.Budget()
	s, ok := b.measure(v, "a variable")
	if !ok {
		return cty.UnknownVal(ty)
	}
	c, err := b.convertErr(v, ty, s, "a variable's type conversion")
	if err != nil && valueHasSentinel(v) {
		c, err = b.convertErr(holesAsUnknown(v, ty), ty, s, "a variable's type conversion")
	}
	if err != nil || !b.Ok() {
		return cty.UnknownVal(ty)
	}
	return c
}

// Cost is what the root whose budget is b costs the run's budget.
func (b *budget) Cost() time.Duration {
	if b == nil {
		return 0
	}
	if b.hit != nil {
		return RootMostCPU
	}
	share := max(fraction(b.evals, b.lim.evals), fraction(b.elements, b.lim.elements),
		fraction(b.bytes, b.lim.bytes), fraction(b.instances, b.lim.instances))
	return time.Duration(min(share, 1) * float64(RootMostCPU))
}

// RootMostCPU is what a root costs the run's budget when it uses all of
// one of its own bounds (budgetLimits): a root stopped at its string-bytes
// or evaluations bound uses 0.7–3 s of CPU time; a root within them costs
// the share of it that its largest counter reached. The counters are
// deterministic, so the charge is too.
const RootMostCPU = 5 * time.Second

// RootMemory is what one root may hold while it is evaluated: its
// strings are charged once (budgetLimits.bytes) but held in several
// copies (the collection, the value built from it, garbage not yet
// collected); roots evaluated at once are as many as the run's memory
// holds at this each.
var RootMemory = 4 * defaultLimits.bytes

// fraction is n/of, 0 for no bound.
func fraction(n, of int64) float64 {
	if of <= 0 {
		return 0
	}
	return float64(n) / float64(of)
}
