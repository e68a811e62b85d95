package terraform

import (
	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/parsers/terraform/eval"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
)

// RootCache keeps root modules' outputs between runs (the engine's
// per-root result cache): a root whose every input — the files of the
// modules it used, what it read, listed and probed (eval.Evaluator.Inputs)
// — is unchanged is not evaluated again. A load uses it only when no root
// reads another's outputs (no Terragrunt unit, no remote-state read):
// those outputs are not kept.
type RootCache interface {
	// Lookup is the kept output of the root module in dir, when one is
	// kept and everything it rests on is unchanged.
	Lookup(dir string) (KeptRoot, bool)
	// Keep offers the output of the root just evaluated in dir and the
	// inputs it rests on. It must copy what it keeps: the load's output
	// is changed by later stages.
	Keep(dir string, k KeptRoot, inputs cache.InputRecord)
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
}

// useKept answers the items the root cache keeps, before any is
// evaluated, and returns the order without them. What a kept root did to
// the session is done again: its module calls are recorded, the
// unsupported arguments it reported are not reported by another root, and
// the modules planned for it are released.
func (l *loader) useKept(items []*evalItem, order []int) []int {
	if l.opts.RootCache == nil || l.keepOutputs {
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
		if !ok {
			rest = append(rest, i)
			continue
		}
		it.out, it.keptFiles = k.Output, k.Files
		l.Replay(k.Calls, k.Output.VarDiags)
		l.finish(it.dir, nil)
	}
	return rest
}

// offerKept offers the root just evaluated by e to the root cache, when
// its output may be kept.
func (l *loader) offerKept(it *evalItem, e *eval.Evaluator, out eval.RootOutput) {
	if l.opts.RootCache == nil || l.keepOutputs || it.unit != nil {
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
	l.opts.RootCache.Keep(it.dir, KeptRoot{Output: out, Calls: calls, Files: files}, rec)
}
