package terraform

import (
	"fmt"
	"time"

	"github.com/faultline-dev/faultline/internal/runbudget"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
	"github.com/zclconf/go-cty/cty"
)

// rootWorkers is how many roots are evaluated at once on procs cores
// within the run's memory.
func rootWorkers(procs int, ledger *runbudget.Ledger) int {
	return runbudget.Concurrency(procs, ledger.Limits().Memory, eval.RootMemory)
}

// rootUnits are the roots' units of the run's budget, in order (nil
// units without a budget): a root's bounds are fixed, so it runs with its
// most or not at all.
func rootUnits(ledger *runbudget.Ledger, n int) []*runbudget.Unit {
	if ledger == nil {
		return make([]*runbudget.Unit, n)
	}
	return ledger.Enqueue(n, eval.RootMostCPU, eval.RootMostCPU)
}

// evaluateUnit evaluates item it as unit u of the run's budget, once the
// items it depends on are done: a root the budget leaves out is FL000 at
// its first file, as a chart it leaves out is. Its findings would be
// there had it been read, so a coverage note, which may only explain an
// absence, cannot stand in for them.
func (l *loader) evaluateUnit(it *evalItem, u *runbudget.Unit, items []*evalItem) (kept.RootOutput, cty.Value, kept.StateLocation) {
	var cost time.Duration
	defer func() { u.Done(cost) }()
	if _, ok := u.Admit(); !ok {
		l.finish(it.dir, nil)
		return kept.RootOutput{VarDiags: []lint.Diagnostic{l.leftOutDiagnostic(it)}}, cty.NilVal, kept.StateLocation{}
	}
	for _, d := range it.deps {
		<-items[d].done
	}
	var e *eval.Evaluator
	var finishUnit func(*kept.RootOutput)
	if it.unit != nil {
		if !it.inComplete {
			it.in = l.unitInputs(it.unit, items)
		}
		e, finishUnit = l.evaluateUnitRoot(it.unit, it.in)
	} else if args := l.elsewhere[it.dir]; len(args) > 0 {
		e = l.EvaluateRoot(it.dir, nil, eval.RootInputs{Files: true, Elsewhere: args})
	} else {
		e = l.Evaluate(it.dir)
	}
	cost = e.RootBudget.Cost()
	if e.WallStopped() {
		l.opts.WallStops.Stopped()
	}
	out := e.Output()
	if finishUnit != nil {
		finishUnit(&out)
	}
	var call string
	var backend *eval.Backend
	if it.unit != nil {
		backend = it.unit.Backend
		if it.unit.Source != "" {
			call = UnitCall
		}
	}
	outputs, loc := e.Exports(call, backend)
	l.offerKept(it, e, out, outputs, loc)
	if !l.keepOutputs {
		outputs, loc = cty.NilVal, kept.StateLocation{}
	}
	l.finish(it.dir, e.Used)
	return out, outputs, loc
}

// leftOutDiagnostic is the FL000 of a root the run's budget left out.
func (l *loader) leftOutDiagnostic(it *evalItem) lint.Diagnostic {
	root := it.dir
	r := lint.Range{File: l.Rel(root)}
	if it.unit != nil {
		r = lint.Range{File: l.Rel(it.unit.Config), Line: 1, Column: 1, EndLine: 1, EndColumn: 1}
	} else if inf := l.InfoOf(root); inf != nil && len(inf.Files) > 0 {
		r = lint.Range{File: l.Rel(inf.Files[0]), Line: 1, Column: 1, EndLine: 1, EndColumn: 1}
	}
	return lint.Diagnostic{
		Range:   r,
		Summary: "terraform root left out: the run's budget is spent",
		Detail:  fmt.Sprintf("terraform root %s was not evaluated: %s; its values are unknown and not checked", l.Rel(root), runbudget.LeftOut(l.opts.Budget.Limits())),
	}
}
