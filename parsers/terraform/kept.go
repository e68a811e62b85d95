package terraform

import (
	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
)

// RootCache keeps root modules' outputs between runs (the engine's
// per-root result cache): a root whose every input — the files of the
// modules it used, what it read, listed and probed (eval.Evaluator.Inputs)
// — is unchanged is not evaluated again. A load with Terragrunt units
// keeps none (a unit's inputs are other units' outputs); in one with
// remote-state reads,
// a root whose state another root reads is evaluated again for its
// outputs (only its output is kept), and a root that reads another's
// state is never kept.
type RootCache interface {
	// Lookup is the kept output of the root module in dir, when one is
	// kept and everything it rests on is unchanged.
	Lookup(dir string) (KeptRoot, bool)
	// Keep offers the output of the root just evaluated in dir and the
	// inputs it rests on. It must copy what it keeps: the load's output
	// is changed by later stages.
	Keep(dir string, k KeptRoot, inputs cache.InputRecord)
	// Summaries are the module summaries an earlier run kept, by
	// directory (eval.Session.UseSummaries), and KeepSummaries offers
	// this load's.
	Summaries() map[string]eval.ModuleSummary
	KeepSummaries(map[string]eval.ModuleSummary)
}

// KeptRoot is what a root brings to a load, evaluated or kept.
type KeptRoot struct {
	Output eval.RootOutput
	// Calls are how its module calls resolved (Session.ModuleCalls of
	// the root).
	Calls []modsource.ModuleCall
	// Files are the configuration files of the modules it used: read,
	// whether it was evaluated or kept.
	Files []string
	// StateLoc is where it keeps its state: a remote-state read of
	// another root may name it.
	StateLoc eval.StateLocation
	// Holes are what the sentinels in its output stand for
	// (eval.ExportHoles): a kept output is renumbered into the run's
	// holes.
	Holes map[string]lint.PortableHole
}

// useKept answers the items the root cache keeps, before any is
// evaluated, and returns the order without them. What a kept root did to
// the session is done again: its module calls are recorded, the
// unsupported arguments it reported are not reported by another root, and
// the modules planned for it are released.
func (l *loader) useKept(items []*evalItem, order []int) []int {
	if l.opts.RootCache == nil || len(l.opts.Units) > 0 {
		return order
	}
	rest := order[:0:0]
	for _, i := range order {
		it := items[i]
		if it.unit != nil {
			rest = append(rest, i)
			continue
		}
		k, ok := l.opts.RootCache.Lookup(it.dir)
		if !ok || len(k.Output.Reads) > 0 {
			rest = append(rest, i)
			continue
		}
		renumber, ok := l.HoleCodec().Import(k.Holes)
		if !ok {
			rest = append(rest, i)
			continue
		}
		eval.RenumberHoles(&k.Output, renumber)
		it.kept = true
		it.out, it.keptFiles, it.stateLoc = k.Output, k.Files, k.StateLoc
		l.Replay(k.Calls, k.Output.VarDiags)
		l.finish(it.dir, nil)
	}
	return rest
}

// offerKept offers the root just evaluated by e to the root cache, when
// its output may be kept.
func (l *loader) offerKept(it *evalItem, e *eval.Evaluator, out eval.RootOutput) {
	if l.opts.RootCache == nil || len(l.opts.Units) > 0 || it.unit != nil || it.kept || len(out.Reads) > 0 {
		return
	}
	rec, files, why := e.Inputs()
	if why != "" {
		return
	}
	var calls []modsource.ModuleCall
	for _, c := range l.ModuleCalls() {
		if c.Root == e.RootRel {
			calls = append(calls, c)
		}
	}
	_, loc := e.Exports("", nil)
	holes := eval.ExportHoles(&out, l.HoleCodec())
	l.opts.RootCache.Keep(it.dir, KeptRoot{Output: out, Calls: calls, Files: files, StateLoc: loc, Holes: holes}, rec)
}

// keptSources evaluates again, for their outputs alone, the kept roots
// whose state a root evaluated in the first pass reads: their kept
// output stays (evaluating a root again reports less — what the session
// already counts as reported — and is not offered to the cache).
func (l *loader) keptSources(items []*evalItem) {
	var located []int
	for i, it := range items {
		if !it.stateLoc.IsZero() {
			located = append(located, i)
		}
	}
	need := map[int]bool{}
	for _, it := range items {
		for _, rd := range it.out.Reads {
			if rd.Loc.IsZero() {
				continue
			}
			for _, t := range stateTargets(items, located, rd.Loc) {
				if items[t].kept {
					need[t] = true
				}
			}
		}
	}
	if len(need) == 0 {
		return
	}
	order := make([]int, 0, len(need))
	for i := range items {
		if need[i] {
			order = append(order, i)
		}
	}
	outs := make([]eval.RootOutput, len(order))
	for k, i := range order {
		outs[k] = items[i].out
	}
	l.evaluateItems(items, order)
	for k, i := range order {
		items[i].out = outs[k]
	}
	l.keptAgain = len(order)
}

// useSummaries takes the module summaries the root cache keeps for the
// directories whose inputs are unchanged: they are not parsed unless an
// evaluated root needs their code.
func (l *loader) useSummaries(dirs []string) {
	if l.opts.RootCache == nil {
		return
	}
	l.summarised = l.UseSummaries(dirs, l.opts.RootCache.Summaries(), func(rec cache.InputRecord) bool {
		same, _ := rec.Check(l.opts.Tree)
		return same
	})
}

// keepSummaries offers the root cache the summaries of the load.
func (l *loader) keepSummaries() {
	if l.opts.RootCache != nil {
		l.opts.RootCache.KeepSummaries(l.Summaries())
	}
}
