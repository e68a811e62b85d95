package terraform

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
	"github.com/zclconf/go-cty/cty"
)

// RootCache keeps root modules' outputs between runs (the engine's
// per-root result cache): a root whose every input — the files of the
// modules it used, what it read, listed and probed (eval.Evaluator.Inputs)
// — is unchanged is not evaluated again. A Terragrunt unit is kept under
// a digest of everything its configuration gives it (its input values,
// generated files, backend, notes: unitVariant) and is looked up only
// when every unit it depends on is kept too. A root that reads another
// root's state is kept with a digest of what it read and taken only
// when the roots it reads are answered and give the same (readers.go).
type RootCache interface {
	// Lookup is the kept output of the root module in dir (for a unit,
	// variant digests its configuration), when one is kept and
	// everything it rests on is unchanged.
	Lookup(dir, variant string) (KeptRoot, bool)
	// Keep offers the output of the root just evaluated in dir and the
	// inputs it rests on. It must copy what it keeps: the load's output
	// is changed by later stages.
	Keep(dir, variant string, k KeptRoot, inputs cache.InputRecord)
	// Summaries are the module summaries an earlier run kept, by
	// directory (eval.Session.UseSummaries), and KeepSummaries offers
	// this load's.
	Summaries() map[string]kept.ModuleSummary
	KeepSummaries(map[string]kept.ModuleSummary)
	// Unchanged reports whether every input of rec is as recorded.
	Unchanged(rec cache.InputRecord) bool
	// NotKept is told why the output of a root evaluated cannot be
	// kept (--verbose counts the reasons).
	NotKept(dir, why string)
}

// KeptRoot is what a root brings to a load, evaluated or kept.
type KeptRoot struct {
	Output kept.RootOutput
	// Calls are how its module calls resolved (Session.ModuleCalls of
	// the root).
	Calls []modsource.ModuleCall
	// Files are the configuration files of the modules it used: read,
	// whether it was evaluated or kept.
	Files []string
	// StateLoc is where it keeps its state, and Outputs its outputs
	// (kept.EncodeValue; nil when they could not be kept): what a
	// remote-state read or a dependent unit of another root reads.
	StateLoc kept.StateLocation
	Outputs  []byte
	// Holes are what the sentinels in its output and outputs stand for
	// (kept.ExportHoles): a kept root is renumbered into the run's holes.
	Holes map[string]lint.PortableHole
	// ReadsDigest, for a root that reads other roots' state, digests
	// what it read (readsDigest): which roots keep those states and
	// their outputs. It is taken only when they are the same.
	ReadsDigest string
}

// useKept answers the items the root cache keeps, before any is
// evaluated, and returns the order without them: roots, then units in
// their order, a unit only when every item it depends on is kept. What a
// kept root did to the session is done again: its module calls are
// recorded, the unsupported arguments it reported are not reported by
// another root, and the modules planned for it are released.
func (l *loader) useKept(items []*evalItem, order []int) []int {
	if l.opts.RootCache == nil {
		return order
	}
	rest := order[:0:0]
	for _, i := range order {
		it := items[i]
		variant, ok := l.variantOf(it, items)
		if !ok {
			rest = append(rest, i)
			continue
		}
		k, ok := l.opts.RootCache.Lookup(it.dir, variant)
		switch {
		case ok && len(k.Output.Reads) > 0 && it.unit == nil:
			l.holdReader(i, it, k)
		case !ok || len(k.Output.Reads) > 0 || !l.take(it, k):
			rest = append(rest, i)
		}
	}
	return rest
}

// variantOf is the variant an item is kept under: "" for a root, the
// digest of its configuration for a unit whose dependencies are all kept
// (false for one whose are not).
func (l *loader) variantOf(it *evalItem, items []*evalItem) (string, bool) {
	if it.unit == nil {
		return l.elsewhereVariant(it.dir), true
	}
	for _, d := range it.deps {
		if !items[d].kept || items[d].outputs == cty.NilVal {
			return "", false
		}
	}
	complete := true
	it.in = it.unit.inputs(func(dir string) (cty.Value, bool) {
		v, ok := l.outputsOf(items, dir)
		complete = complete && ok
		return v, ok
	})
	it.inComplete = complete
	return unitVariant(it.unit, it.in, l.HoleCodec())
}

// take takes k, the kept output of it; false when its holes or outputs
// cannot be brought into the run.
func (l *loader) take(it *evalItem, k KeptRoot) bool {
	renumber, ok := l.HoleCodec().Import(k.Holes)
	if !ok {
		return false
	}
	outputs := cty.NilVal
	if k.Outputs != nil {
		v, err := l.values.Decode(k.Outputs)
		if err == nil {
			v, err = kept.MapValueStrings(v, func(s string) string { return lint.Renumber(s, renumber) })
		}
		if err != nil {
			return false
		}
		outputs = v
	}
	kept.RenumberHoles(&k.Output, renumber)
	l.ShareDeclared(&k.Output)
	it.kept = true
	it.out, it.keptFiles, it.stateLoc, it.outputs = k.Output, k.Files, k.StateLoc, outputs
	// Done: a unit depending on it reads its outputs now.
	it.done = make(chan struct{})
	close(it.done)
	it.out.VarDiags = l.Replay(k.Calls, k.Output.VarDiags)
	l.finish(it.dir, nil)
	return true
}

// offerKept offers the item just evaluated by e (its output out complete,
// its outputs and state location taken) to the root cache, when its
// output may be kept.
func (l *loader) offerKept(it *evalItem, e *eval.Evaluator, out kept.RootOutput, outputs cty.Value, loc kept.StateLocation) {
	if l.opts.RootCache == nil || it.kept {
		return
	}
	if len(out.Reads) > 0 && it.unit != nil {
		l.opts.RootCache.NotKept(it.dir, "a Terragrunt unit that reads another root's state")
		return
	}
	variant := l.elsewhereVariant(it.dir)
	if it.unit != nil {
		v, ok := unitVariant(it.unit, it.in, l.HoleCodec())
		if !ok {
			l.opts.RootCache.NotKept(it.dir, "a unit input value could not be digested")
			return
		}
		variant = v
	}
	rec, files, why := e.Inputs()
	if why != "" {
		l.opts.RootCache.NotKept(it.dir, why)
		return
	}
	calls := l.CallsOf(e.RootRel)
	if len(out.Reads) > 0 {
		// Kept once the load has joined what it reads (keepReaders).
		it.offer = &readerOffer{inputs: rec, files: files, calls: calls, loc: loc, outputs: outputs}
		return
	}
	k := l.keptRoot(out, calls, files, loc, outputs)
	l.opts.RootCache.Keep(it.dir, variant, k, rec)
}

// keptRoot is what the root cache keeps of a root evaluated: its output,
// module calls, files, state location and outputs (encoded; nil when
// they cannot be), with the holes they hold.
func (l *loader) keptRoot(out kept.RootOutput, calls []modsource.ModuleCall, files []string, loc kept.StateLocation, outputs cty.Value) KeptRoot {
	holes := kept.ExportHoles(&out, l.HoleCodec())
	var enc []byte
	if outputs != cty.NilVal {
		if data, err := kept.EncodeValue(outputs); err == nil {
			enc = data
			_, _ = kept.MapValueStrings(outputs, func(s string) string {
				l.HoleCodec().Export(s, holes)
				return s
			})
		}
	}
	return KeptRoot{Output: out, Calls: calls, Files: files, StateLoc: loc, Outputs: enc, Holes: holes}
}

// unitInputs are the input values of unit u, its dependencies' outputs
// read from the items evaluated or kept.
func (l *loader) unitInputs(u *Unit, items []*evalItem) UnitInputs {
	return u.inputs(func(dir string) (cty.Value, bool) { return l.outputsOf(items, dir) })
}

// inputs are u's input values with outputs read by outputs.
func (u *Unit) inputs(outputs func(dir string) (cty.Value, bool)) UnitInputs {
	if u.Inputs == nil {
		return UnitInputs{}
	}
	return u.Inputs(outputs)
}

// unitVariant digests what a unit's configuration gives its evaluation
// beyond the files it reads: its directory, configuration files, source,
// dependencies, generated files, backend, notes and diagnostics, and its
// input values with their holes written out (lint.Holes.Portable). false
// when a value cannot be digested.
func unitVariant(u *Unit, in UnitInputs, h *lint.Holes) (string, bool) {
	portable := func(v cty.Value) ([]byte, bool) {
		if v == cty.NilVal {
			return nil, true
		}
		v, err := kept.MapValueStrings(v, h.Portable)
		if err != nil {
			return nil, false
		}
		data, err := kept.EncodeValue(v)
		return data, err == nil
	}
	type input struct {
		Name, Inferred string
		Range          string
		Value          []byte
	}
	d := struct {
		Dir, Config, Source, Version, SourceRange, Range string
		Files, Dependencies                              []string
		Generated                                        []eval.GeneratedFile
		GeneratedUnknown                                 []string
		BackendType, BackendRange                        string
		BackendConfig                                    []byte
		Notes, InputNotes                                []lint.Note
		Diagnostics                                      []lint.Diagnostic
		Inputs                                           []input
		Passed                                           []eval.PassedVar
	}{Dir: filepath.Clean(u.Dir), Config: u.Config, Source: u.Source, Version: u.Version,
		SourceRange: fmt.Sprint(u.SourceRange), Range: fmt.Sprint(u.Range),
		Files: u.Files, Dependencies: u.Dependencies, Generated: u.Generated, GeneratedUnknown: u.GeneratedUnknown, Passed: u.Passed,
		Notes: u.Notes, InputNotes: in.Notes, Diagnostics: u.Diagnostics}
	if b := u.Backend; b != nil {
		cfg, ok := portable(b.Config)
		if !ok {
			return "", false
		}
		d.BackendType, d.BackendRange, d.BackendConfig = b.Type, fmt.Sprint(b.Range), cfg
	}
	for _, v := range in.Values {
		data, ok := portable(v.Value)
		if !ok {
			return "", false
		}
		d.Inputs = append(d.Inputs, input{Name: v.Name, Inferred: v.Inferred, Range: fmt.Sprint(v.Range), Value: data})
	}
	// JSON, not gob: gob's stream names types by ids the process assigns
	// in the order it first meets them, so the same value digests
	// differently in a run that decoded a kept entry first.
	data, err := json.Marshal(d)
	if err != nil {
		return "", false
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]), true
}

// keptSources evaluates again, for their outputs alone, the kept roots
// whose state a root evaluated in the first pass reads and whose outputs
// were not kept: their kept output stays (evaluating a root again reports
// less — what the session already counts as reported — and is not
// offered to the cache).
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
				if items[t].kept && items[t].outputs == cty.NilVal {
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
	outs := make([]kept.RootOutput, len(order))
	for k, i := range order {
		outs[k] = items[i].out
	}
	l.evaluateItems(items, order)
	for k, i := range order {
		items[i].out = outs[k]
	}
	l.keptAgain += len(order)
}

// useSummaries takes the module summaries the root cache keeps for the
// directories whose inputs are unchanged: they are not parsed unless an
// evaluated root needs their code.
func (l *loader) useSummaries(dirs []string) {
	if l.opts.RootCache == nil {
		return
	}
	l.summarised = l.UseSummaries(dirs, l.opts.RootCache.Summaries(), l.opts.RootCache.Unchanged)
}

// keepSummaries offers the root cache the summaries of the load.
func (l *loader) keepSummaries() {
	if l.opts.RootCache != nil {
		l.opts.RootCache.KeepSummaries(l.Summaries())
	}
}
