package engine

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"slices"
	"sync"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform"
	"github.com/faultline-dev/faultline/parsers/terraform/eval"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
	"github.com/faultline-dev/faultline/parsers/terragrunt"
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

// The Terragrunt load of a run is kept whole beside the Terraform roots
// (keptRoots): when no file it read, listed or probed changed, its result
// is decoded instead of parsing and evaluating every configuration again.
// A unit's inputs are not a value: they depend on its dependencies'
// outputs, which the Terraform load computes after. What is kept of them
// is a memo — the inputs one evaluation gave, with a digest of each
// dependency's outputs it asked for, in order — and a kept unit answers
// from it while the outputs it is asked with digest the same. Otherwise
// the configuration is loaded again, once, and the fresh unit answers
// (and the entry is written again with what it gave).
//
// The load's sentinels are the recording run's: the entry lists the holes
// its bytes hold and is renumbered into the run's holes as a whole before
// it is decoded (a sentinel renumbered keeps its length, so the encoded
// bytes stay valid). A load a wall-clock backstop stopped anything in, or
// that read a file twice with two contents, is not kept.

// tgEntry is what the store keeps of a Terragrunt load, after the inputs
// it rests on and the holes it holds.
type tgEntry struct {
	Units          []tgUnit
	Notes          []lint.Note
	Diagnostics    []lint.Diagnostic
	Files          []string
	SkippedModules []string
}

// tgUnit is a terraform.Unit as kept: the unit without its Inputs (a
// func) and Backend (a cty value), the backend apart, and the memos of
// its inputs.
type tgUnit struct {
	Unit      terraform.Unit
	Backend   *tgBackend
	HasInputs bool
	Memos     []inputsMemo
}

// tgBackend is an eval.Backend with its configuration encoded
// (kept.EncodeValue).
type tgBackend struct {
	Type   string
	Config []byte
	Range  hcl.Range
}

// inputsMemo is what one evaluation of a unit's inputs gave: the
// dependency outputs it asked for, in order, and the inputs.
type inputsMemo struct {
	Calls  []outputsCall
	Inputs []memoInput
	Notes  []lint.Note
}

// outputsCall is one dependency's outputs asked for: its directory,
// whether they were known, and a digest of their value with its holes
// written out (hex, so that it never reads as a sentinel).
type outputsCall struct {
	Dir string
	OK  bool
	Sum string
}

// memoInput is a terraform.UnitInput with its value encoded (nil for
// cty.NilVal).
type memoInput struct {
	Name             string
	Value            []byte
	Range, NameRange hcl.Range
	Inferred         string
}

// maxMemos bounds the memos kept per unit: the outputs it was last
// evaluated with, and the ones before.
const maxMemos = 2

// unitInputsFunc is terraform.Unit.Inputs.
type unitInputsFunc = func(outputs func(dir string) (cty.Value, bool)) terraform.UnitInputs

// tgLoad is one run's Terragrunt load through the kept entry.
type tgLoad struct {
	k     *keptRoots
	key   cache.Key
	files []string
	opts  terragrunt.Options
	// values decodes the memos' input values.
	values kept.ValueDecoder
	// readThrough: the run's tree records the files it reads (the
	// whole-run cache), and a kept load's files are read through it.
	readThrough bool

	mu sync.Mutex
	// memos are, by unit directory, the memos this run made or answered
	// from (in the run's sentinels), newest first.
	memos map[string][]inputsMemo
	// taken is the entry the run's result was decoded from (nil when the
	// load was evaluated), and takenInputs what it rested on: the reads
	// of its memos' evaluations among them.
	taken       *tgEntry
	takenInputs cache.InputRecord
	// fresh is the load evaluated (at once, or again for a unit's
	// inputs), nil when none was.
	fresh *freshLoad
	again sync.Once
	// sums are the digests of the dependency outputs asked for in the
	// run, by directory (many units read one dependency's).
	sums map[string]outputsSeen
}

// outputsSeen is a dependency's outputs as last asked for, and their
// digest.
type outputsSeen struct {
	v      cty.Value
	ok     bool
	sum    string
	digest bool
}

// freshLoad is a Terragrunt load evaluated in the run, through a view of
// the tree that records its reads (the reads of its units' inputs too).
type freshLoad struct {
	res    terragrunt.Result
	inputs *cache.Inputs
	byDir  map[string]unitInputsFunc
}

// terragrunt reads the run's Terragrunt configuration: from the kept
// entry when nothing it read changed, else evaluated (and kept later,
// keepTerragrunt). Without a root cache, evaluated alone.
func (r *run) terragrunt() terragrunt.Result {
	opts := terragrunt.Options{Root: r.root, Tree: r.tree, Rel: r.rel, Holes: r.holes, WallStops: r.walls, Deadline: r.opts.rootDeadline}
	k := r.opts.kept
	if k == nil {
		return terragrunt.Load(r.d.terragrunt, opts)
	}
	t, err := k.newTGLoad(r.d.terragrunt, opts)
	if err != nil {
		return terragrunt.Load(r.d.terragrunt, opts)
	}
	t.readThrough = r.opts.observe != nil
	r.tg = t
	if res, ok := t.lookup(); ok {
		k.countTerragrunt(len(res.Units), 0)
		return res
	}
	res := t.evaluate().res
	k.countTerragrunt(0, len(res.Units))
	return res
}

// newTGLoad is the kept load of files with opts.
func (k *keptRoots) newTGLoad(files []string, opts terragrunt.Options) (*tgLoad, error) {
	data, err := json.Marshal(struct {
		Files    []string
		Deadline int64
	}{files, int64(opts.Deadline)})
	if err != nil {
		return nil, fmt.Errorf("terragrunt load cache key: %w", err)
	}
	key := cache.KeyOf([]byte("terragrunt-load"), k.context[:], data)
	return &tgLoad{k: k, key: key, files: files, opts: opts, memos: map[string][]inputsMemo{}, sums: map[string]outputsSeen{}}, nil
}

// lookup is the kept result, when everything it read is unchanged and it
// decodes into the run's holes.
func (t *tgLoad) lookup() (terragrunt.Result, bool) {
	payload, ok := t.k.store.Get(t.key)
	if !ok {
		return terragrunt.Result{}, false
	}
	var inputs cache.InputRecord
	rest, err := kept.Wire().Decode(payload, &inputs)
	if err != nil {
		t.k.store.Remove(t.key)
		return terragrunt.Result{}, false
	}
	same, refreshed := t.k.checker.Check(inputs)
	if !same || !t.readFiles(inputs.Files) {
		return terragrunt.Result{}, false
	}
	if refreshed != nil {
		// The next run trusts the stats seen now.
		if p, err := kept.Wire().Append(nil, refreshed); err == nil {
			t.k.put(t.key, append(p, rest...))
		}
		inputs = *refreshed
	}
	e, err := t.decode(rest)
	if err != nil {
		t.k.store.Remove(t.key)
		return terragrunt.Result{}, false
	}
	if e == nil {
		return terragrunt.Result{}, false // more holes than a sentinel numbers
	}
	t.taken, t.takenInputs = e, inputs
	res := terragrunt.Result{Notes: e.Notes, Diagnostics: e.Diagnostics, Files: e.Files, SkippedModules: e.SkippedModules}
	for i := range e.Units {
		res.Units = append(res.Units, t.keptUnit(&e.Units[i]))
	}
	return res, true
}

// readFiles reads the files a kept load rests on through the run's
// tree, as evaluating it would, when the tree records what the run reads:
// the whole run's result rests on them too (a later edit that keeps a
// file's size is seen by their content). False when one no longer holds
// what the load read.
func (t *tgLoad) readFiles(files []cache.Read) bool {
	if !t.readThrough {
		return true
	}
	for _, f := range files {
		data, err := t.opts.Tree.ReadFile(f.Path, cache.HashCap)
		if err != nil || sha256.Sum256(data) != f.Hash {
			return false
		}
	}
	return true
}

// decode is the entry of rest (after its inputs), renumbered into the
// run's holes; nil when they cannot be.
func (t *tgLoad) decode(rest []byte) (*tgEntry, error) {
	var holes map[string]lint.PortableHole
	var body []byte
	rest, err := kept.Wire().Decode(rest, &holes)
	if err != nil {
		return nil, err
	}
	if rest, err = kept.Wire().Decode(rest, &body); err != nil {
		return nil, err
	}
	if len(rest) > 0 {
		return nil, errors.New("trailing data")
	}
	if len(holes) > 0 {
		renumber, ok := t.opts.Holes.Import(holes)
		if !ok {
			return nil, nil
		}
		body = []byte(lint.Renumber(string(body), renumber))
	}
	e := new(tgEntry)
	tail, err := kept.Wire().Decode(body, e)
	switch {
	case err != nil:
		return nil, fmt.Errorf("terragrunt entry: %w", err)
	case len(tail) > 0:
		return nil, errors.New("terragrunt entry: trailing data")
	}
	return e, nil
}

// keptUnit is the unit ku keeps, answering its inputs from its memos.
func (t *tgLoad) keptUnit(ku *tgUnit) terraform.Unit {
	u := ku.Unit
	if b := ku.Backend; b != nil {
		v, err := t.decodeValue(b.Config)
		if err != nil {
			v = cty.DynamicVal // unreachable: the bytes were encoded by this build
		}
		u.Backend = &eval.Backend{Type: b.Type, Config: v, Range: b.Range}
	}
	if !ku.HasInputs {
		return u
	}
	dir, memos := u.Dir, ku.Memos
	var mu sync.Mutex
	u.Inputs = func(outputs func(dir string) (cty.Value, bool)) terraform.UnitInputs {
		mu.Lock()
		defer mu.Unlock()
		for _, m := range memos {
			if in, ok := t.replay(m, outputs); ok {
				t.remember(dir, m)
				return in
			}
		}
		return t.evaluateAgain(dir)(outputs)
	}
	return u
}

// replay is m's inputs when every dependency output it asked for digests
// the same now.
func (t *tgLoad) replay(m inputsMemo, outputs func(dir string) (cty.Value, bool)) (terraform.UnitInputs, bool) {
	for _, c := range m.Calls {
		v, ok := outputs(c.Dir)
		sum, good := t.outputsSumOf(c.Dir, v, ok)
		if !good || sum != c.Sum || ok != c.OK {
			return terraform.UnitInputs{}, false
		}
	}
	in := terraform.UnitInputs{Notes: slices.Clone(m.Notes)}
	for _, mi := range m.Inputs {
		v, err := t.decodeValue(mi.Value)
		if err != nil {
			return terraform.UnitInputs{}, false
		}
		in.Values = append(in.Values, terraform.UnitInput{Name: mi.Name, Value: v, Range: mi.Range, NameRange: mi.NameRange, Inferred: mi.Inferred})
	}
	return in, true
}

// evaluateAgain is the inputs of the unit in dir as a load evaluated now
// gives them: the configuration is loaded again, once per run.
func (t *tgLoad) evaluateAgain(dir string) unitInputsFunc {
	t.again.Do(func() {
		f := t.evaluate()
		t.k.countTerragruntAgain()
		t.mu.Lock()
		t.fresh = f
		t.mu.Unlock()
	})
	t.mu.Lock()
	in := t.fresh.byDir[dir]
	t.mu.Unlock()
	if in == nil {
		// Unreachable: a load of unchanged files has the same units.
		return func(func(string) (cty.Value, bool)) terraform.UnitInputs { return terraform.UnitInputs{} }
	}
	return in
}

// evaluate loads the configuration through a view that records its
// reads, each unit's inputs recording what they give (remember).
func (t *tgLoad) evaluate() *freshLoad {
	f := &freshLoad{inputs: cache.NewInputs(), byDir: map[string]unitInputsFunc{}}
	opts := t.opts
	opts.Tree = opts.Tree.Observed(f.inputs)
	f.res = terragrunt.Load(t.files, opts)
	for i := range f.res.Units {
		u := &f.res.Units[i]
		if u.Inputs != nil {
			u.Inputs = t.recording(u.Dir, u.Inputs)
			f.byDir[u.Dir] = u.Inputs
		}
	}
	t.mu.Lock()
	if t.fresh == nil {
		t.fresh = f
	}
	t.mu.Unlock()
	return f
}

// recording is inputs, each evaluation remembered as a memo of dir's
// unit when every output it asked for could be digested and every value
// it gave encoded.
func (t *tgLoad) recording(dir string, inputs unitInputsFunc) unitInputsFunc {
	return func(outputs func(dir string) (cty.Value, bool)) terraform.UnitInputs {
		var m inputsMemo
		good := true
		in := inputs(func(d string) (cty.Value, bool) {
			v, ok := outputs(d)
			sum, digested := t.outputsSumOf(d, v, ok)
			good = good && digested
			m.Calls = append(m.Calls, outputsCall{Dir: d, OK: ok, Sum: sum})
			return v, ok
		})
		if good && t.memoOf(&m, in) {
			t.remember(dir, m)
		}
		return in
	}
}

// memoOf fills m with in; false when a value cannot be encoded.
func (t *tgLoad) memoOf(m *inputsMemo, in terraform.UnitInputs) bool {
	m.Notes = in.Notes
	for _, v := range in.Values {
		var data []byte
		if v.Value != cty.NilVal {
			d, err := kept.EncodeValue(v.Value)
			if err != nil {
				return false
			}
			data = d
		}
		m.Inputs = append(m.Inputs, memoInput{Name: v.Name, Value: data, Range: v.Range, NameRange: v.NameRange, Inferred: v.Inferred})
	}
	return true
}

// remember records m as the latest memo of dir's unit.
func (t *tgLoad) remember(dir string, m inputsMemo) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.memos[dir] = addMemo(t.memos[dir], m)
}

// addMemo puts m first among memos, once (by the outputs it asked for),
// at most maxMemos.
func addMemo(memos []inputsMemo, m inputsMemo) []inputsMemo {
	out := []inputsMemo{m}
	for _, o := range memos {
		if len(out) < maxMemos && !sameCalls(o.Calls, m.Calls) {
			out = append(out, o)
		}
	}
	return out
}

// sameCalls reports whether two memos asked for the same outputs.
func sameCalls(a, b []outputsCall) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// outputsSumOf is outputsSum of the outputs of the unit in dir, made
// once while they stay the same.
func (t *tgLoad) outputsSumOf(dir string, v cty.Value, ok bool) (string, bool) {
	t.mu.Lock()
	seen, found := t.sums[dir]
	t.mu.Unlock()
	if found && seen.ok == ok && sameValue(seen.v, v) {
		return seen.sum, seen.digest
	}
	sum, digest := t.outputsSum(v, ok)
	t.mu.Lock()
	t.sums[dir] = outputsSeen{v: v, ok: ok, sum: sum, digest: digest}
	t.mu.Unlock()
	return sum, digest
}

// sameValue reports whether a and b are the same value (cty.NilVal, which
// RawEquals does not take, only itself).
func sameValue(a, b cty.Value) bool {
	if a == cty.NilVal || b == cty.NilVal {
		return a == cty.NilVal && b == cty.NilVal
	}
	return a.RawEquals(b)
}

// outputsSum digests a dependency's outputs with their holes written out
// (lint.Holes.Portable): their type, then their value (hashValue); false
// when they hold a fresh anonymous hole (its identity is the run's) or
// cannot be digested.
func (t *tgLoad) outputsSum(v cty.Value, ok bool) (string, bool) {
	h := sha256.New()
	if ok {
		h.Write([]byte{1})
	} else {
		h.Write([]byte{0})
	}
	if v != cty.NilVal {
		ty, err := ctyjson.MarshalType(v.Type())
		if err != nil {
			return "", false
		}
		writeBytes(h, ty)
		if !t.hashValue(h, v) {
			return "", false
		}
	}
	return hex.EncodeToString(h.Sum(nil)), true
}

// hashValue writes v to h, its strings and map keys with their holes
// written out, map and object elements in key order, a set's elements in
// the order of their digests; false when v holds a fresh anonymous hole,
// a mark, a capsule, or an attribute name holding a hole. The type is
// written apart (outputsSum): what is written here is read by it.
func (t *tgLoad) hashValue(h hash.Hash, v cty.Value) bool {
	ty := v.Type()
	switch {
	case v.IsMarked() || ty.IsCapsuleType():
		return false
	case !v.IsKnown():
		// Its refinements too (kept.EncodeValue keeps them).
		data, err := kept.EncodeValue(v)
		if err != nil || lint.HasSentinelBytes(data) {
			return false
		}
		h.Write([]byte{'U'})
		writeBytes(h, data)
		return true
	case v.IsNull():
		h.Write([]byte{'N'})
		return true
	case ty == cty.String:
		h.Write([]byte{'S'})
		p, ok := t.portable(v.AsString())
		writeBytes(h, []byte(p))
		return ok
	case ty == cty.Number:
		h.Write([]byte{'F'})
		writeBytes(h, []byte(v.AsBigFloat().Text('g', -1)))
		return true
	case ty == cty.Bool:
		if v.True() {
			h.Write([]byte{'T'})
		} else {
			h.Write([]byte{'f'})
		}
		return true
	case ty.IsSetType():
		var sums []string
		for it := v.ElementIterator(); it.Next(); {
			_, ev := it.Element()
			eh := sha256.New()
			if !t.hashValue(eh, ev) {
				return false
			}
			sums = append(sums, string(eh.Sum(nil)))
		}
		slices.Sort(sums)
		h.Write([]byte{'E'})
		writeLen(h, len(sums))
		for _, sum := range sums {
			h.Write([]byte(sum))
		}
		return true
	case ty.IsListType() || ty.IsTupleType():
		h.Write([]byte{'L'})
		writeLen(h, v.LengthInt())
		for it := v.ElementIterator(); it.Next(); {
			_, ev := it.Element()
			if !t.hashValue(h, ev) {
				return false
			}
		}
		return true
	case ty.IsMapType() || ty.IsObjectType():
		h.Write([]byte{'M'})
		writeLen(h, v.LengthInt())
		for it := v.ElementIterator(); it.Next(); {
			k, ev := it.Element()
			key, ok := t.portable(k.AsString())
			if !ok || (ty.IsObjectType() && lint.HasSentinel(k.AsString())) {
				return false
			}
			writeBytes(h, []byte(key))
			if !t.hashValue(h, ev) {
				return false
			}
		}
		return true
	}
	return false
}

// portable is s with its holes written out (lint.Holes.Portable); false
// when one is a fresh anonymous hole.
func (t *tgLoad) portable(s string) (string, bool) {
	if !lint.HasSentinel(s) {
		return s, true
	}
	holes := map[string]lint.PortableHole{}
	t.opts.Holes.Export(s, holes)
	for _, p := range holes {
		if p.Fresh {
			return "", false
		}
	}
	return t.opts.Holes.Portable(s), true
}

// writeBytes writes b to h after its length.
func writeBytes(h hash.Hash, b []byte) {
	writeLen(h, len(b))
	h.Write(b)
}

// writeLen writes n to h.
func writeLen(h hash.Hash, n int) {
	h.Write(binary.AppendUvarint(nil, uint64(n)))
}

// decodeValue is the value kept.EncodeValue wrote as data (cty.NilVal
// for none).
func (t *tgLoad) decodeValue(data []byte) (cty.Value, error) {
	if data == nil {
		return cty.NilVal, nil
	}
	return t.values.Decode(data)
}

// keepTerragrunt writes the run's Terragrunt load when it was evaluated
// (at once, or again for a unit's inputs) and may be kept: after the
// Terraform load, so that its units' inputs are remembered.
func (r *run) keepTerragrunt() {
	t := r.tg
	if t == nil {
		return
	}
	t.mu.Lock()
	f := t.fresh
	t.mu.Unlock()
	if f == nil {
		return
	}
	switch {
	case r.walls.Count() > 0:
		t.k.NotKept("", "a Terragrunt load in a run a wall-clock backstop stopped")
		return
	case f.inputs.Unstable() != "":
		t.k.NotKept("", "a Terragrunt load that read a file while it changed")
		return
	}
	if err := t.keep(f); err != nil {
		t.k.NotKept("", "a Terragrunt load that could not be encoded")
	}
}

// keep writes the entry of the load f.
func (t *tgLoad) keep(f *freshLoad) error {
	e := tgEntry{Notes: f.res.Notes, Diagnostics: f.res.Diagnostics, Files: f.res.Files, SkippedModules: f.res.SkippedModules}
	rec := f.inputs.Record()
	old := map[string][]inputsMemo{}
	if t.taken != nil {
		// The memos kept rest on what the load kept read too, and on
		// what their evaluations read (a file a dependency's output
		// names), which the load evaluated now need not read.
		if merged, ok := cache.Merge(t.takenInputs, rec); ok {
			rec = merged
			for _, ku := range t.taken.Units {
				old[ku.Unit.Dir] = ku.Memos
			}
		}
	}
	t.mu.Lock()
	for _, u := range f.res.Units {
		ku := tgUnit{Unit: u, HasInputs: u.Inputs != nil}
		ku.Unit.Inputs, ku.Unit.Backend = nil, nil
		if b := u.Backend; b != nil {
			cfg, err := kept.EncodeValue(b.Config)
			if err != nil {
				t.mu.Unlock()
				return err
			}
			ku.Backend = &tgBackend{Type: b.Type, Config: cfg, Range: b.Range}
		}
		ku.Memos = t.memos[u.Dir]
		for _, m := range old[u.Dir] {
			ku.Memos = addMemoLast(ku.Memos, m)
		}
		e.Units = append(e.Units, ku)
	}
	t.mu.Unlock()
	body, err := kept.Wire().Append(nil, &e)
	if err != nil {
		return err
	}
	holes := map[string]lint.PortableHole{}
	t.opts.Holes.Export(string(body), holes)
	p, err := kept.Wire().Append(nil, &rec)
	if err != nil {
		return err
	}
	if p, err = kept.Wire().Append(p, &holes); err != nil {
		return err
	}
	if p, err = kept.Wire().Append(p, &body); err != nil {
		return err
	}
	t.k.put(t.key, p)
	return nil
}

// addMemoLast adds an older memo m after memos, unless one asked for the
// same outputs or there are maxMemos already.
func addMemoLast(memos []inputsMemo, m inputsMemo) []inputsMemo {
	if len(memos) >= maxMemos {
		return memos
	}
	for _, o := range memos {
		if sameCalls(o.Calls, m.Calls) {
			return memos
		}
	}
	return append(memos, m)
}
