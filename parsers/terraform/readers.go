package terraform

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
	"github.com/zclconf/go-cty/cty"
)

// Roots that read other roots' state (remote-state readers) are kept
// like any root, with a digest of what they read: which roots of the
// tree keep the states they read, whether exactly, and those roots'
// outputs. A reader the cache answers is held until the roots it reads
// are answered (evaluated in the first pass, or kept), and taken only
// when the digest is the one kept; otherwise it is evaluated, both
// passes, as any reader.

// readerOffer is what offerKept held of a reader just evaluated: it is
// kept once the load has joined what it read (keepReaders).
type readerOffer struct {
	inputs  cache.InputRecord
	files   []string
	calls   []modsource.ModuleCall
	loc     kept.StateLocation
	outputs cty.Value
}

// holdReader holds k, the kept output of the root items[i] reading other
// roots' state, for takeReaders. Its state location is known now: what
// another reader reads may be its state.
func (l *loader) holdReader(i int, it *evalItem, k KeptRoot) {
	it.held = &k
	it.stateLoc = k.StateLoc
	l.held = append(l.held, i)
}

// readsState says whether the digest of a reader's reads can be
// compared yet.
type readsState int

const (
	// readsKnown: every root it reads is answered.
	readsKnown readsState = iota
	// readsWait: a root it reads is a held reader not decided yet or
	// refused, or a reader evaluated and not joined yet (its outputs are
	// its first pass's).
	readsWait
	// readsUnknown: a root it reads has no outputs to compare.
	readsUnknown
)

// takeReaders decides the held readers whose reads are answered: a
// reader is taken when its reads digest as they did when it was kept,
// else it is refused. It returns the refused readers, to evaluate
// (sorted), and how many were decided; the others stay held for the next
// round (they read a reader joined in this one). With force set (the
// round before decided nothing and joined nothing: readers reading each
// other in a cycle) every held reader is refused.
func (l *loader) takeReaders(items []*evalItem, force bool) (evaluate []int, decided int) {
	held, refused := map[int]bool{}, map[int]bool{}
	for _, i := range l.held {
		held[i] = true
	}
	answer := func(t int) readsState {
		switch it := items[t]; {
		case held[t], refused[t], !it.kept && len(it.out.Reads) > 0 && !it.joined:
			return readsWait
		case it.outputs == cty.NilVal:
			return readsUnknown
		}
		return readsKnown
	}
	for progress := true; progress; {
		progress = false
		for _, i := range l.held {
			if !held[i] {
				continue
			}
			it := items[i]
			d, st := l.readsDigest(items, i, it.held.Output.Reads, answer)
			if st == readsWait && !force {
				continue
			}
			delete(held, i)
			progress = true
			decided++
			if st == readsKnown && d == it.held.ReadsDigest && l.take(it, *it.held) {
				continue
			}
			refused[i] = true
			evaluate = append(evaluate, i)
		}
	}
	rest := l.held[:0]
	for _, i := range l.held {
		if held[i] {
			rest = append(rest, i)
		} else {
			items[i].held = nil
		}
	}
	l.held = rest
	slices.Sort(evaluate)
	return evaluate, decided
}

// keepReaders offers the root cache the readers evaluated, now that their
// output is complete (second pass, join notes, what their reads assume).
func (l *loader) keepReaders(items []*evalItem) {
	final := func(t int) readsState {
		if items[t].outputs == cty.NilVal {
			return readsUnknown
		}
		return readsKnown
	}
	for i, it := range items {
		o := it.offer
		if o == nil || it.kept {
			continue
		}
		it.offer = nil
		d, st := l.readsDigest(items, i, it.out.Reads, final)
		if st != readsKnown {
			l.opts.RootCache.NotKept(it.dir, "a root whose state it reads has no outputs")
			continue
		}
		k := l.keptRoot(it.out, o.calls, o.files, o.loc, o.outputs)
		k.ReadsDigest = d
		l.opts.RootCache.Keep(it.dir, l.elsewhereVariant(it.dir), k, o.inputs)
	}
}

// readsDigest digests what the reader items[i] reads through reads: for
// each read its address, position and state location, the roots keeping
// that state (whether exactly) and, when one does, its outputs with
// their holes written out. answer says whether a root's outputs are
// there to digest; the first root that is not decides the state.
func (l *loader) readsDigest(items []*evalItem, i int, reads []kept.RemoteRead, answer func(int) readsState) (string, readsState) {
	var located []int
	for j, it := range items {
		if !it.stateLoc.IsZero() {
			located = append(located, j)
		}
	}
	type target struct {
		Dir     string
		Exact   bool
		Outputs []byte `json:",omitempty"`
	}
	type read struct {
		Addr, Range, Loc, Why string
		Targets               []target
		// Partial are the roots whose backend may keep the state when
		// none says it does (the read's note names them).
		Partial []string `json:",omitempty"`
	}
	var all []read
	for _, rd := range reads {
		r := read{Addr: rd.Addr, Range: rd.Rng.String(), Loc: fmt.Sprintf("%#v", rd.Loc), Why: rd.Why}
		if !rd.Loc.IsZero() {
			ts := stateTargets(items, located, rd.Loc)
			for _, t := range ts {
				tg := target{Dir: l.Rel(items[t].dir), Exact: exactState(items, t, rd.Loc)}
				if len(ts) == 1 && t != i {
					if st := answer(t); st != readsKnown {
						return "", st
					}
					data, ok := l.portableOutputs(items[t].outputs)
					if !ok {
						return "", readsUnknown
					}
					tg.Outputs = data
				}
				r.Targets = append(r.Targets, tg)
			}
			if len(ts) == 0 {
				r.Partial = l.partialRoots(items, rd.Loc.Kind)
			}
		}
		all = append(all, r)
	}
	data, err := json.Marshal(all)
	if err != nil {
		return "", readsUnknown
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]), readsKnown
}

// portableOutputs encodes a root's outputs with their holes written out
// (what they stand for, not this run's numbers).
func (l *loader) portableOutputs(v cty.Value) ([]byte, bool) {
	v, err := kept.MapValueStrings(v, l.HoleCodec().Portable)
	if err != nil {
		return nil, false
	}
	data, err := kept.EncodeValue(v)
	return data, err == nil
}
