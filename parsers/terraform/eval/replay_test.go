package eval

import (
	"fmt"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/zclconf/go-cty/cty"
)

// TestDefaultReplayAsEvaluated evaluates a variable's default many times
// under budgets of every size around what it costs: replaying the first
// evaluation must leave the budget exactly as evaluating anew each time
// does (the same counters, the same bound hit at the same place) and
// give the same values.
func TestDefaultReplayAsEvaluated(t *testing.T) {
	dir := writeTree(t, map[string]string{"m/main.tf": `
variable "v" {
  type = list(object({ name = string, size = optional(number, 2) }))
  default = [for i in [1, 2, 3, 4, 5, 6, 7, 8] : { name = "n-${i}-${i}" }]
}
`})
	l := testSession(Options{Root: dir})
	m := l.Module(filepath.Join(dir, "m"))
	v := m.variables["v"]
	type state struct {
		val                             string
		evals, elements, bytes, hitSite string
	}
	run := func(lim budgetLimits, replay bool) []state {
		e := &Evaluator{Session: l, Holes: Holes{lint.NewHoles(), new(atomic.Int64)}, RootBudget: newBudget(lim)}
		mi := newModInst(e, m, "", 0, nil)
		v.defaultValue = defaultCache{}
		var out []state
		for i := 0; i < 6; i++ {
			if !replay {
				v.defaultValue = defaultCache{}
			}
			x := mi.defaultOf(v)
			s := state{val: x.GoString(), evals: fmt.Sprint(e.RootBudget.evals), elements: fmt.Sprint(e.RootBudget.elements), bytes: fmt.Sprint(e.RootBudget.bytes)}
			if e.RootBudget.hit != nil {
				// Where a walk stops inside an object depends on map
				// order: the counters once a bound is hit are not
				// compared, the bound and the place are.
				s = state{val: s.val, hitSite: fmt.Sprintf("%s %s %v", e.RootBudget.hit.bound, e.RootBudget.hit.detail, e.RootBudget.hit.at)}
			}
			out = append(out, s)
		}
		return out
	}
	one := run(defaultLimits, false)[0]
	var evals, elements, bytes int
	fmt.Sscan(one.evals, &evals)
	fmt.Sscan(one.elements, &elements)
	fmt.Sscan(one.bytes, &bytes)
	if evals == 0 || elements == 0 || bytes == 0 {
		t.Fatalf("the default costs nothing (%+v): the test needs a cost", one)
	}
	try := func(lim budgetLimits) {
		t.Helper()
		fresh, replayed := run(lim, false), run(lim, true)
		for i := range fresh {
			if fresh[i] != replayed[i] {
				t.Fatalf("limits %+v, evaluation %d: replayed %+v, evaluated anew %+v", lim, i, replayed[i], fresh[i])
			}
		}
	}
	for n := 0; n <= 7*evals; n++ {
		lim := defaultLimits
		lim.evals = int64(n)
		try(lim)
	}
	for n := 0; n <= 7*elements; n++ {
		lim := defaultLimits
		lim.elements = int64(n)
		try(lim)
	}
	for n := 0; n <= 7*bytes; n += 2 {
		lim := defaultLimits
		lim.bytes = int64(n)
		try(lim)
	}
	if got := run(defaultLimits, true)[5].val; got == cty.DynamicVal.GoString() {
		t.Errorf("the default replayed is unknown")
	}
}
