package eval

import (
	"sort"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
)

// A root's output may be kept between runs (the engine's per-root result
// cache) while everything it rests on is unchanged. With
// Options.RecordInputs, a session records that as it goes: each module
// directory's first parse records the listing and files it read (its
// modInfo), each root's evaluation reads through its own observed view of
// the tree (file(), templatefile(), fileexists(), fileset(), variables
// files, the module cache manifest, every existence probe), and Inputs
// joins the two for the modules the root used. What cannot be recorded
// that way (a glob walked outside the tree's reader, a note the session
// keeps rather than the root) makes the root's output unfit to keep.

// startRecording gives e its own observed view of the tree when the
// session records inputs; otherwise e reads through the session's tree.
func (e *Evaluator) startRecording() {
	e.tree = e.Session.Options.Tree
	if !e.Session.Options.RecordInputs {
		return
	}
	e.rec = cache.NewInputs()
	e.tree = e.tree.Observed(e.rec)
}

// Tree is the tree this root reads through (observed when recording).
func (e *Evaluator) Tree() *treefs.Tree {
	if e.tree == nil {
		return e.Session.Options.Tree
	}
	return e.tree
}

// unrecordable marks e's output unfit to keep, saying why (the first
// reason wins).
func (e *Evaluator) unrecordable(why string) {
	if e.notKept == "" {
		e.notKept = why
	}
}

// Inputs are what e's output rests on: its own reads and those of the
// first parse of every module directory it used, and the files of those
// modules (which a run reports as read whether the root was evaluated or
// its output kept). why, when not "", says why the output is unfit to
// keep: the session does not record, the root failed or met its budget,
// or some input could not be recorded.
func (e *Evaluator) Inputs() (rec cache.InputRecord, files []string, why string) {
	switch {
	case e.notKept != "":
		return rec, nil, e.notKept
	case e.rec == nil:
		return rec, nil, "inputs not recorded"
	case e.RootBudget != nil && e.RootBudget.hit != nil:
		return rec, nil, "its evaluation budget was spent"
	}
	if why := e.rec.Unstable(); why != "" {
		return rec, nil, why
	}
	parts := []cache.InputRecord{e.rec.Record()}
	dirs := make([]string, 0, len(e.Used))
	for d := range e.Used {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	for _, d := range dirs {
		inf := e.Session.InfoOf(d)
		if inf == nil || !inf.recorded {
			return rec, nil, "module " + e.Session.Rel(d) + " was parsed before recording began"
		}
		if inf.notKept != "" {
			return rec, nil, inf.notKept
		}
		parts = append(parts, inf.inputs)
		files = append(files, inf.Files...)
	}
	if c := e.Session.cacheOf(e.rootDir); c != nil {
		if c.notKept != "" {
			return rec, nil, c.notKept
		}
		parts = append(parts, c.inputs)
	}
	merged, ok := cache.Merge(parts...)
	if !ok {
		return rec, nil, "the tree changed while the root was evaluated"
	}
	return merged, files, ""
}

// recordParse is the observed tree a module directory's first parse
// reads through, and what to do with the record once parsed.
func (l *Session) recordParse(dir string) (*treefs.Tree, func(inf *modInfo, refused []refusal)) {
	if !l.Options.RecordInputs {
		return l.Options.Tree, func(*modInfo, []refusal) {}
	}
	in := cache.NewInputs()
	return l.Options.Tree.Observed(in), func(inf *modInfo, refused []refusal) {
		inf.recorded = true
		inf.inputs = in.Record()
		for _, r := range refused {
			inf.refused = append(inf.refused, refusedNote(l.Rel, r))
		}
		switch {
		case len(refused) > 0:
			// Refused files are the session's notes, reported by
			// the parse, not by the roots using the module.
			inf.notKept = "module " + l.Rel(dir) + " has files the tree refuses"
		case in.Unstable() != "":
			inf.notKept = in.Unstable()
		}
	}
}

// Replay does to the session what a root whose output was kept did when
// it was evaluated: its module calls are recorded, and the unsupported
// arguments among its diagnostics count as reported. It returns diags
// without those another root of the load reported already (a kept root
// taken after others were evaluated must not report them twice).
func (l *Session) Replay(calls []modsource.ModuleCall, diags []lint.Diagnostic) []lint.Diagnostic {
	for _, c := range calls {
		l.recordCall(c)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []lint.Diagnostic
	before := map[string]bool{}
	for _, d := range diags {
		k := d.Range.String()
		if l.inputDiags[k] && !before[k] {
			continue // reported by another root
		}
		before[k] = true
		l.inputDiags[k] = true
		out = append(out, d)
	}
	return out
}
