package eval

import (
	"sync"
	"time"

	"github.com/zclconf/go-cty/cty"
)

// A pure evaluation (its result depends on the syntax alone: a variable's
// default converted to its type) is done once per parsed module and then
// replayed in every instance: the budget is charged what the evaluation
// spent, so whether and where a root runs out of budget does not change.
// A replay is only made where the first evaluation's every check would
// pass again; elsewhere the evaluation is done anew (and stops where it
// would have).

// spent is what an evaluation cost a budget, and the most its checks
// asked for beyond what it spent (need's estimates).
type spent struct {
	evals, elements, bytes int64
	// room are the elements and bytes the checks needed above the
	// counters at the start.
	roomElements, roomBytes float64
	// regexSteps are the regular expression steps spent, roomRegex those
	// the searches needed (a Terragrunt configuration's evaluation).
	regexSteps int64
	roomRegex  float64
}

// budgetMark is a budget's counters at the start of an evaluation.
type budgetMark struct {
	evals, elements, bytes int64
}

// begin marks the start of an evaluation to be replayed.
func (b *budget) begin() budgetMark {
	b.needElements, b.needBytes = 0, 0
	return budgetMark{b.evals, b.elements, b.bytes}
}

// since is what was spent since m; ok is false when the budget ran out.
func (b *budget) since(m budgetMark) (spent, bool) {
	if !b.Ok() {
		return spent{}, false
	}
	s := spent{evals: b.evals - m.evals, elements: b.elements - m.elements, bytes: b.bytes - m.bytes}
	s.roomElements = max(float64(s.elements), b.needElements-float64(m.elements))
	s.roomBytes = max(float64(s.bytes), b.needBytes-float64(m.bytes))
	return s, true
}

// replay charges s as if the evaluation ran again; false (nothing
// charged) when one of its checks might fail now, or the deadline check
// it would make fails: the caller evaluates anew.
func (b *budget) replay(s spent) bool {
	switch {
	case !b.Ok():
		return false
	case b.evals+s.evals+1 > b.lim.evals,
		float64(b.elements)+s.roomElements+1 > float64(b.lim.elements),
		float64(b.bytes)+s.roomBytes+1 > float64(b.lim.bytes):
		return false
	case s.roomRegex > 0 && float64(b.regexSteps)+s.roomRegex+1 > float64(b.lim.regexSteps):
		return false
	case b.evals>>10 != (b.evals+s.evals)>>10 && time.Now().After(b.deadline):
		return false
	}
	// An enclosing measurement needs the room this one needed.
	b.needElements = max(b.needElements, float64(b.elements)+s.roomElements)
	b.needBytes = max(b.needBytes, float64(b.bytes)+s.roomBytes)
	b.needRegex = max(b.needRegex, float64(b.regexSteps)+s.roomRegex)
	b.evals += s.evals
	b.elements += s.elements
	b.bytes += s.bytes
	b.regexSteps += s.regexSteps
	return true
}

// defaultValue is a variable's default converted to its type, once
// evaluated: the value and what it cost.
type defaultValue struct {
	val  cty.Value
	cost spent
}

// defaultCache holds a variable's defaultValue once one evaluation of it
// stayed within its budget.
type defaultCache struct {
	mu  sync.Mutex
	val *defaultValue
}

func (c *defaultCache) get() *defaultValue {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.val
}

func (c *defaultCache) put(d *defaultValue) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.val == nil {
		c.val = d
	}
}
