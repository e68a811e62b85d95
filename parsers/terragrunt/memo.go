package terragrunt

import (
	"path/filepath"
	"slices"
	"sync"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// A configuration read_terragrunt_config reads is evaluated in its own
// directory: get_terragrunt_dir(), find_in_parent_folders(), relative
// reads and its includes resolve against the file read, not against the
// unit reading it (Terragrunt's readTerragruntConfig parses the target
// with ParsingContext.WithConfigPath(target)). Shared files (account.hcl,
// region.hcl, a versions file every unit reads) are so evaluated the same
// for every unit, and a Load evaluates each once and replays the result
// in the other units: the value returned, and what the evaluation did to
// the unit reading it (files read, notes, configurations read), in order.
//
// An evaluation is kept only when nothing in it depended on the unit:
// the reads of the functions that do (get_original_terragrunt_dir(), a
// file function given a relative path, which resolves apart from the
// unit's directory only where the file lies apart from it (funcs), a
// fresh anonymous hole, which equals nothing and so must not be shared,
// a missing local looked up among the unit's earlier reads) count as
// impure, and so do a read cycle or the depth bound (their messages name
// the unit's chain of reads). A kept evaluation is replayed only where
// its checks would pass again: none of the files it entered is being
// read by the unit, it fits under the depth bound from where the unit
// reads it, and the unit's budget has the room it needed (its cost is
// charged). A stack's units share too, but for an evaluation that reads
// the values variable (the unit's own) or a path inside a directory a
// stack generates (mapped to the unit's files apart).

// readMemo holds the kept evaluations of one Load, by the path read.
type readMemo struct {
	mu      sync.Mutex
	entries map[string]*readEntry
	// evaluated counts, by path, the evaluations made rather than
	// replayed (tests read it).
	evaluated map[string]int
}

// readEntry is one kept evaluation of read_terragrunt_config.
type readEntry struct {
	obj    cty.Value
	events []readEvent
	cost   terraform.ConfigCost
	// entered are the files the evaluation checked against the chain of
	// reads; depth is how far below its start it read.
	entered []string
	depth   int
}

// readEvent is one thing an evaluation did to the unit reading: a file
// read (addFile, or a JSON variables file appended), a note, or a
// configuration read.
type readEvent struct {
	kind   eventKind
	path   string
	body   *hclsyntax.Body
	note   lint.Note
	locals cty.Value
	known  knowledge
}

type eventKind uint8

const (
	evFile eventKind = iota
	evJSONFile
	evNote
	evRead
)

// recording is an evaluation of read_terragrunt_config in progress.
type recording struct {
	path    string
	events  []readEvent
	entered []string
	// base is the length of the unit's chain of reads at the start.
	base, depth int
	impure      int64
	mark        terraform.ConfigMark
}

func newReadMemo() *readMemo {
	return &readMemo{entries: map[string]*readEntry{}, evaluated: map[string]int{}}
}

// impurity counts what u's evaluation has read so far that depends on
// the unit.
func (u *unitEval) impurity() int64 {
	return u.impure + u.ce.Fresh() + u.ce.Relative()
}

// record notes an event in every evaluation being recorded.
func (u *unitEval) record(ev readEvent) {
	for _, r := range u.recs {
		r.events = append(r.events, ev)
	}
}

// enter records that the evaluations in progress check phys against the
// chain of reads, at its present depth.
func (u *unitEval) enter(phys string) {
	for _, r := range u.recs {
		if !slices.Contains(r.entered, phys) {
			r.entered = append(r.entered, phys)
		}
		r.depth = max(r.depth, len(u.reading)-r.base)
	}
}

// replayRead gives the kept evaluation of path, replayed into u; ok is
// false when there is none or it may not be replayed here.
func (u *unitEval) replayRead(path string) (cty.Value, bool) {
	m := u.l.memo
	m.mu.Lock()
	e := m.entries[path]
	m.mu.Unlock()
	if e == nil || len(u.reading)+e.depth >= maxReadDepth {
		return cty.NilVal, false
	}
	for _, p := range e.entered {
		if slices.Contains(u.reading, p) {
			return cty.NilVal, false
		}
	}
	if !u.ce.Replay(e.cost) {
		return cty.NilVal, false
	}
	for _, r := range u.recs {
		for _, p := range e.entered {
			if !slices.Contains(r.entered, p) {
				r.entered = append(r.entered, p)
			}
		}
		r.depth = max(r.depth, len(u.reading)-r.base+e.depth)
	}
	for _, ev := range e.events {
		switch ev.kind {
		case evFile:
			u.addFile(ev.path, ev.body)
		case evJSONFile:
			u.addJSONFile(ev.path)
		case evNote:
			u.addNote(ev.note)
		case evRead:
			u.recordReadKnown(ev.path, ev.locals, ev.known)
		}
	}
	return e.obj, true
}

// startRead begins recording an evaluation of path.
func (u *unitEval) startRead(path string) *recording {
	m := u.l.memo
	m.mu.Lock()
	m.evaluated[path]++
	m.mu.Unlock()
	r := &recording{path: path, base: len(u.reading), impure: u.impurity(), mark: u.ce.Mark()}
	u.recs = append(u.recs, r)
	return r
}

// endRead ends the recording r; obj is the evaluation's value (cty.NilVal
// when it failed). A pure evaluation that stayed within the budget is
// kept, unless one is already.
func (u *unitEval) endRead(r *recording, obj cty.Value) {
	u.recs = u.recs[:len(u.recs)-1]
	cost, ok := u.ce.Since(r.mark)
	if !ok || obj == cty.NilVal || u.impurity() != r.impure {
		return
	}
	m := u.l.memo
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.entries[r.path] == nil {
		m.entries[r.path] = &readEntry{obj: obj, events: r.events, cost: cost, entered: r.entered, depth: r.depth}
	}
}

// underStack reports whether p lies in a directory a stack generates
// (a path element is .terragrunt-stack).
func underStack(p string) bool {
	for {
		if filepath.Base(p) == stackDir {
			return true
		}
		up := filepath.Dir(p)
		if up == p {
			return false
		}
		p = up
	}
}

// readsValues counts, while a read is recorded, an evaluation of body
// as impure when body reads the values variable (a stack unit's own).
func (u *unitEval) readsValues(body *hclsyntax.Body) {
	if len(u.recs) == 0 {
		return
	}
	l := u.l
	l.mu.Lock()
	reads, ok := l.valuesReaders[body]
	l.mu.Unlock()
	if !ok {
		reads = bodyReads(body, "values")
		l.mu.Lock()
		l.valuesReaders[body] = reads
		l.mu.Unlock()
	}
	if reads {
		u.impure++
	}
}

// bodyReads reports whether an expression of body (blocks included)
// reads the variable root.
func bodyReads(body *hclsyntax.Body, root string) bool {
	for _, a := range body.Attributes {
		for _, t := range a.Expr.Variables() {
			if t.RootName() == root {
				return true
			}
		}
	}
	for _, b := range body.Blocks {
		if bodyReads(b.Body, root) {
			return true
		}
	}
	return false
}
