package terraform

import (
	"fmt"
	"time"

	"github.com/faultline-dev/faultline/internal/runbudget"
	"github.com/faultline-dev/faultline/lint"
	"github.com/zclconf/go-cty/cty"
)

// RootMostCPU is what a root costs the run's budget when it uses all of
// one of its own bounds (budgetLimits): a root stopped at its string-bytes
// or evaluations bound uses 0.7–3 s of CPU time; a root within them costs
// the share of it that its largest counter reached. The counters are
// deterministic, so the charge is too.
const RootMostCPU = 5 * time.Second

// rootMemory is what one root may hold while it is evaluated: its
// strings are charged once (budgetLimits.bytes) but held in several
// copies (the collection, the value built from it, garbage not yet
// collected); roots evaluated at once are as many as the run's memory
// holds at this each.
var rootMemory = 4 * defaultLimits.bytes

// cost is what the root whose budget is b costs the run's budget.
func (b *budget) cost() time.Duration {
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

// fraction is n/of, 0 for no bound.
func fraction(n, of int64) float64 {
	if of <= 0 {
		return 0
	}
	return float64(n) / float64(of)
}

// rootWorkers is how many roots are evaluated at once on procs cores
// within the run's memory.
func rootWorkers(procs int, ledger *runbudget.Ledger) int {
	return runbudget.Concurrency(procs, ledger.Limits().Memory, rootMemory)
}

// rootUnits are the roots' units of the run's budget, in order (nil
// units without a budget): a root's bounds are fixed, so it runs with its
// most or not at all.
func rootUnits(ledger *runbudget.Ledger, n int) []*runbudget.Unit {
	if ledger == nil {
		return make([]*runbudget.Unit, n)
	}
	return ledger.Enqueue(n, RootMostCPU, RootMostCPU)
}

// evaluateUnit evaluates item it as unit u of the run's budget, once the
// items it depends on are done: a root the budget leaves out is FL000 at
// its first file, as a chart it leaves out is. Its findings would be
// there had it been read, so a coverage note, which may only explain an
// absence, cannot stand in for them.
func (l *loader) evaluateUnit(it *evalItem, u *runbudget.Unit, items []*evalItem) (rootOutput, cty.Value, string) {
	var cost time.Duration
	defer func() { u.Done(cost) }()
	if _, ok := u.Admit(); !ok {
		l.finish(it.dir, nil)
		return rootOutput{varDiags: []lint.Diagnostic{l.leftOutDiagnostic(it)}}, cty.NilVal, ""
	}
	for _, d := range it.deps {
		<-items[d].done
	}
	var e *evaluator
	if it.unit != nil {
		e = l.evaluateUnitRoot(it.unit, func(dir string) (cty.Value, bool) { return l.outputsOf(items, dir) })
	} else {
		e = l.evaluate(it.dir)
	}
	cost = e.b.cost()
	out := e.output()
	outputs, loc := cty.NilVal, ""
	if l.keepOutputs {
		outputs, loc = e.exports(it.unit)
	}
	l.finish(it.dir, e.used)
	return out, outputs, loc
}

// leftOutDiagnostic is the FL000 of a root the run's budget left out.
func (l *loader) leftOutDiagnostic(it *evalItem) lint.Diagnostic {
	root := it.dir
	r := lint.Range{File: l.rel(root)}
	if it.unit != nil {
		r = lint.Range{File: l.rel(it.unit.Config), Line: 1, Column: 1, EndLine: 1, EndColumn: 1}
	} else if inf := l.infoOf(root); inf != nil && len(inf.files) > 0 {
		r = lint.Range{File: l.rel(inf.files[0]), Line: 1, Column: 1, EndLine: 1, EndColumn: 1}
	}
	return lint.Diagnostic{
		Range:   r,
		Summary: "terraform root left out: the run's budget is spent",
		Detail:  fmt.Sprintf("terraform root %s was not evaluated: %s; its values are unknown and not checked", l.rel(root), runbudget.LeftOut(l.opts.Budget.Limits())),
	}
}
