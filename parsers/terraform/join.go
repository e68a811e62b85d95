package terraform

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
	"github.com/zclconf/go-cty/cty"
)

// join is the second pass of a load: the roots that read the state of
// other roots of the tree are evaluated again, each after what it reads.
type join struct {
	// reads joins a root's data source (by root directory, then address)
	// to the evaluation item whose outputs it reads.
	reads map[string]map[string]int
	// outputs are the items' outputs, by index.
	outputs []cty.Value
	// inferred says, for a read (by root directory, then address) matched
	// to its item by inference, what the match assumes.
	inferred map[string]map[string]string
}

// joinedOutputs are the outputs of the root the data source at addr of
// root reads, once the load has joined them.
func (l *loader) joinedOutputs(root, addr string) (cty.Value, string, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.join == nil {
		return cty.NilVal, "", false
	}
	i, ok := l.join.reads[root][addr]
	if !ok || l.join.outputs[i] == cty.NilVal {
		return cty.NilVal, "", false
	}
	return l.join.outputs[i], l.join.inferred[root][addr], true
}

// plannedJoin matches every remote-state read of the first pass, of the
// readers not joined in an earlier round, to the item whose backend keeps
// that state; the readers to evaluate again, ordered after what they
// read, and the notes of reads that match no root.
func (l *loader) plannedJoin(items []*evalItem) (again []int, deps map[int][]int, notes map[int][]lint.Note) {
	var located []int
	for i, it := range items {
		if !it.stateLoc.IsZero() {
			located = append(located, i)
		}
	}
	targets := func(loc kept.StateLocation) (out []int, inferred bool) {
		out = stateTargets(items, located, loc)
		return out, len(out) > 0 && !exactState(items, out[0], loc)
	}
	deferred := l.deferredReaders(items, located)
	reads := map[string]map[string]int{}
	inferredReads := map[string]map[string]string{}
	deps, notes = map[int][]int{}, map[int][]lint.Note{}
	for i, it := range items {
		if it.kept || it.joined || deferred[i] {
			continue // taken from the cache, joined in a round before, or reading a held reader
		}
		it.joined = len(it.out.Reads) > 0
		for _, rd := range it.out.Reads {
			what := lastAddr(rd.Addr)
			if rd.Loc.IsZero() {
				notes[i] = append(notes[i], lint.Note{Kind: lint.Unresolved, What: fmt.Sprintf("%s: which state it reads is unknown (%s); its outputs are unknown", what, rd.Why), Range: rd.Rng})
				continue
			}
			targets, inferred := targets(rd.Loc)
			if len(targets) > 1 {
				targets = l.declaringOutputs(items, targets, rd.Outputs)
			}
			switch {
			case len(targets) == 0:
				text := fmt.Sprintf("%s: no root module in the tree keeps its state at %s", what, rd.Loc.Display(l.Rel))
				if partial := l.partialRoots(items, rd.Loc.Kind); len(partial) > 0 {
					text = fmt.Sprintf("%s: no root module in the tree names %s as its state, but %s %s %s %s backend's settings to terraform init (-backend-config) or to variables OpenTofu evaluates, and may keep it", what, rd.Loc.Display(l.Rel),
						lint.Plural(len(partial), "root module", "root modules"), strings.Join(partial, ", "), lint.Plural(len(partial), "leaves its", "leave their"), rd.Loc.Kind)
				}
				notes[i] = append(notes[i], lint.Note{Kind: lint.Unresolved, What: text + "; its outputs are unknown", Range: rd.Rng})
				continue
			case len(targets) > 1:
				var names []string
				for _, t := range targets {
					names = append(names, l.Rel(items[t].dir))
				}
				notes[i] = append(notes[i], lint.Note{Kind: lint.Unresolved, What: fmt.Sprintf("%s: %d roots keep their state at %s (%s); its outputs are unknown", what, len(targets), rd.Loc.Display(l.Rel), strings.Join(names, ", ")), Range: rd.Rng})
				continue
			case targets[0] == i:
				continue // a root reading its own state: what it wrote last
			}
			if inferred {
				text := fmt.Sprintf("%s is read as the state of %s: the same key, %s", what, l.Rel(items[targets[0]].dir), "a bucket one of them does not name (given at terraform init, or known only at apply)")
				if f := items[targets[0]].stateLoc.ConfigFile; f != "" {
					text = fmt.Sprintf("%s is read as the state of %s, whose backend block leaves its settings to terraform init: they are taken from %s, the one backend configuration file beside it", what, l.Rel(items[targets[0]].dir), f)
				}
				notes[i] = append(notes[i], lint.Note{Kind: lint.Inferred, What: text + "; findings that rest on what it reads are one severity lower", Range: rd.Rng})
				if inferredReads[it.dir] == nil {
					inferredReads[it.dir] = map[string]string{}
				}
				inferredReads[it.dir][rd.Addr] = text
			}
			if reads[it.dir] == nil {
				reads[it.dir] = map[string]int{}
			}
			reads[it.dir][rd.Addr] = targets[0]
			if !containsInt(deps[i], targets[0]) {
				deps[i] = append(deps[i], targets[0])
			}
		}
	}
	for i := range deps {
		again = append(again, i)
	}
	sort.Ints(again)
	again = topoOrder(again, deps)
	l.mu.Lock()
	l.join = &join{reads: reads, outputs: make([]cty.Value, len(items)), inferred: inferredReads}
	for i, it := range items {
		l.join.outputs[i] = it.outputs
	}
	l.mu.Unlock()
	return again, deps, notes
}

// deferredReaders are the readers not joined yet that read a reader the
// root cache holds (readers.go) — its outputs are not there until it is
// decided — or a reader so deferred: they are joined in a later round.
func (l *loader) deferredReaders(items []*evalItem, located []int) map[int]bool {
	if len(l.held) == 0 {
		return nil
	}
	deferred := map[int]bool{}
	for _, i := range l.held {
		deferred[i] = true
	}
	for changed := true; changed; {
		changed = false
		for i, it := range items {
			if deferred[i] || it.kept || it.joined {
				continue
			}
			for _, rd := range it.out.Reads {
				if rd.Loc.IsZero() {
					continue
				}
				if ts := stateTargets(items, located, rd.Loc); len(ts) == 1 && ts[0] != i && deferred[ts[0]] {
					deferred[i], changed = true, true
					break
				}
			}
		}
	}
	for _, i := range l.held {
		delete(deferred, i)
	}
	return deferred
}

// stateTargets are the items of located keeping the state at loc: those
// that match it exactly, else those that match it but for an unknown
// bucket.
func stateTargets(items []*evalItem, located []int, loc kept.StateLocation) []int {
	var out, loose []int
	for _, i := range located {
		if same, inf := kept.SameState(loc, items[i].stateLoc); same && !inf {
			out = append(out, i)
		} else if same {
			loose = append(loose, i)
		}
	}
	if len(out) > 0 {
		return out
	}
	return loose
}

// exactState reports whether item i keeps the state at loc exactly (not
// but for an unknown bucket).
func exactState(items []*evalItem, i int, loc kept.StateLocation) bool {
	same, inf := kept.SameState(loc, items[i].stateLoc)
	return same && !inf
}

// topoOrder orders the items so that each comes after the items among
// them it depends on; a dependency in a cycle is dropped.
func topoOrder(items []int, deps map[int][]int) []int {
	in := map[int]bool{}
	for _, i := range items {
		in[i] = true
	}
	state := map[int]int{}
	var out []int
	var visit func(i int)
	visit = func(i int) {
		state[i] = 1
		kept := deps[i][:0]
		for _, d := range deps[i] {
			if !in[d] {
				kept = append(kept, d)
				continue
			}
			switch state[d] {
			case 1:
				continue // a cycle: the first pass's outputs are read
			case 0:
				visit(d)
			}
			kept = append(kept, d)
		}
		deps[i] = kept
		state[i] = 2
		out = append(out, i)
	}
	for _, i := range items {
		if state[i] == 0 {
			visit(i)
		}
	}
	return out
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// lastAddr is an address without its root qualifier.
func lastAddr(addr string) string {
	if _, a, ok := strings.Cut(addr, ":"); ok {
		return a
	}
	return addr
}

// partialRoots are the directories of the roots whose backend of kind
// leaves its settings to terraform init (kept.StateLocation.Partial):
// any of them may keep a state a read names.
func (l *loader) partialRoots(items []*evalItem, kind string) []string {
	var out []string
	for _, it := range items {
		if it.stateLoc.Partial && it.stateLoc.Kind == kind {
			out = append(out, l.Rel(it.dir))
		}
	}
	sort.Strings(out)
	return out
}

// declaringOutputs are, of the roots targets that keep the state a read
// reads, those that declare every output it reads (outputs, nil when it
// may read any): a state without an output the reader names makes its
// plan fail, so a stale copy of a root keeping the same key, declaring
// none, is not what it reads. Targets whose outputs are not all known (a
// unit, a module not read whole) stay; all of them when none is left.
func (l *loader) declaringOutputs(items []*evalItem, targets []int, outputs []string) []int {
	if outputs == nil {
		return targets
	}
	var out []int
	for _, t := range targets {
		inf := l.InfoOf(items[t].dir)
		known := items[t].unit == nil && inf != nil && inf.Whole
		if !known || containsAll(inf.Outputs, outputs) {
			out = append(out, t)
		}
	}
	if len(out) == 0 {
		return targets
	}
	return out
}

// containsAll reports whether have holds every one of want.
func containsAll(have, want []string) bool {
	for _, w := range want {
		if !slices.Contains(have, w) {
			return false
		}
	}
	return true
}
