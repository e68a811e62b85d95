package lint

// A cross-layer finding has two ends, and a pull request usually touches
// one of them. With --changed or --base the report knows which files the
// change touches (Report.Changed): the github and sarif formats, which show
// one position per finding, put the finding at the end the change touches
// so it lands on the diff; text and JSON keep the primary location and
// mark the ends that changed.

// changedSet returns the report's changed files as a set, nil when the run
// compared nothing (neither --changed nor --base).
func (r Report) changedSet() map[string]bool {
	if r.Changed == nil {
		return nil
	}
	set := make(map[string]bool, len(r.Changed))
	for _, f := range r.Changed {
		set[f] = true
	}
	return set
}

// changedAnchor returns the index in f.Related of the location f is shown
// at in the github and sarif formats, -1 when f stays at its primary
// location. The primary stays when it is in a changed file of the working
// tree (or nothing is known to have changed). Otherwise the anchor is the
// first related location, in the finding's order, that is in a changed file
// of the working tree: rules list the locations that make the chain (the
// reference the author writes) before the declarations they lean on. A
// location at the base revision (Revision set) is never an anchor: the
// working tree has no such line to annotate.
func changedAnchor(f Finding, changed map[string]bool) int {
	if changed == nil || (f.Revision == "" && changed[f.Range.File]) {
		return -1
	}
	for i, l := range f.Related {
		if l.Revision == "" && l.File != "" && changed[l.File] {
			return i
		}
	}
	return -1
}

// anchoredAtChange returns f as the github and sarif formats show it: moved
// to its changed end (see changedAnchor), with the end's own message and
// the other end named in the message, and the original primary location
// kept as the first related location. Fingerprint and Key are f's, so a
// finding keeps its identity wherever it is shown. ok is false, and f is
// returned as it is, when f stays at its primary location.
func anchoredAtChange(f Finding, changed map[string]bool) (_ Finding, ok bool) {
	i := changedAnchor(f, changed)
	if i < 0 {
		return f, false
	}
	end := f.Related[i]
	g := f
	g.Range, g.Revision = end.Range, ""
	g.Related = make([]Location, 0, len(f.Related))
	if !f.Range.IsZero() {
		g.Related = append(g.Related, Location{Range: f.Range, Revision: f.Revision, Message: otherEndText(f)})
	}
	g.Related = append(g.Related, f.Related[:i]...)
	g.Related = append(g.Related, f.Related[i+1:]...)
	g.Message = f.Message + "\n\n" + anchorNote(f, end)
	return g, true
}

// anchorNote says why an anchored finding is shown where it is: what the
// changed end does, and where the other end is.
func anchorNote(f Finding, end Location) string {
	note := "Shown at the end this change touches"
	if end.Message != "" {
		note += " (" + end.Message + ")"
	}
	if f.Range.IsZero() {
		return note + "."
	}
	where := rangeText(f.Range)
	if f.Revision != "" {
		where += " (at " + f.Revision + ")"
	}
	return note + "; the other end is " + where + ", " + otherEndState(f) + "."
}

// otherEndText is the related-location message of an anchored finding's
// original primary location.
func otherEndText(f Finding) string {
	return "the other end of the chain, " + otherEndState(f)
}

// otherEndState says how the change left the original primary location
// (which is not in a changed file of the working tree, or it would stay).
func otherEndState(f Finding) string {
	if f.Revision != "" {
		return "at the base revision " + f.Revision
	}
	return "not changed"
}
