package report

import (
	"sort"

	"github.com/faultline-dev/faultline/lint"
)

// A cross-layer finding has two ends, and a pull request usually touches
// one of them. With --changed or --base the report knows which files the
// change touches (Report.Changed) and which lines of them
// (Report.ChangedLines): the github and sarif formats, which show one
// position per finding, put the finding at the end the change touches so
// it lands on the diff, on a changed line where there is one (GitHub shows
// an annotation inline only on a line of the pull request's diff); text
// and JSON keep the primary location and mark the ends that changed.

// LineSpan is a span of 1-based lines, Start to End inclusive.
type LineSpan struct {
	Start, End int
}

// LineChanges are the lines of one file of the working tree that the
// change under review touches, numbered as the file is now.
type LineChanges struct {
	// Whole is set when every line counts as changed: a new file.
	Whole bool
	// Spans are the changed lines, sorted and disjoint.
	Spans []LineSpan
}

// Contains reports whether line is one the change touches.
func (l LineChanges) Contains(line int) bool {
	if l.Whole {
		return line >= 1
	}
	i := sort.Search(len(l.Spans), func(i int) bool { return l.Spans[i].End >= line })
	return i < len(l.Spans) && l.Spans[i].Start <= line
}

// changeSet is what the change under review touches, as the reports ask
// it; a nil *changeSet is a run that compared nothing.
type changeSet struct {
	files map[string]bool
	// lines is nil when only files are known: then a location counts as
	// on a changed line when its file changed.
	lines map[string]LineChanges
}

// changedSet returns the report's changes, nil when the run compared
// nothing (neither --changed nor --base).
func (r Report) changedSet() *changeSet {
	if r.Changed == nil {
		return nil
	}
	c := &changeSet{files: make(map[string]bool, len(r.Changed)), lines: r.ChangedLines}
	for _, f := range r.Changed {
		c.files[f] = true
	}
	return c
}

// inFile reports whether a working-tree location (revision "") is in a
// file the change touches.
func (c *changeSet) inFile(revision, file string) bool {
	return c != nil && revision == "" && file != "" && c.files[file]
}

// onLine reports whether a working-tree location is on a line the change
// touches: its (first) line lies in a hunk of its file, or its file is new.
func (c *changeSet) onLine(revision string, r lint.Range) bool {
	if !c.inFile(revision, r.File) {
		return false
	}
	if c.lines == nil {
		return true
	}
	return c.lines[r.File].Contains(r.Line)
}

// marked reports whether the text and JSON formats mark a location
// changed: a working-tree location on a changed line; a location at the
// base revision when its file is one the change touches (deleted or
// changed since; its line is the base's, which no hunk of the working
// tree numbers).
func (c *changeSet) marked(revision string, r lint.Range) bool {
	if revision != "" {
		return c != nil && c.files[r.File]
	}
	return c.onLine(revision, r)
}

// markedFile reports whether a location's file is one the change touches,
// at whichever revision (JSON's changedFile).
func (c *changeSet) markedFile(file string) bool {
	return c != nil && file != "" && c.files[file]
}

// changedAnchor returns the index in f.Related of the location f is shown
// at in the github and sarif formats, -1 when f stays at its primary
// location. In order:
//
//  1. the primary location, when it is on a changed line;
//  2. else the first related location, in the finding's order, on a
//     changed line: rules list the locations that make the chain (the
//     reference the author writes) before the declarations they lean on;
//  3. else the primary location, when its file changed;
//  4. else the first related location in a changed file;
//  5. else the primary location.
//
// Only working-tree locations count: a location at the base revision
// (Revision set) is never an anchor, the working tree has no such line to
// annotate.
func changedAnchor(f lint.Finding, c *changeSet) int {
	if c == nil {
		return -1
	}
	for _, byLine := range [2]bool{true, false} {
		if c.anchors(f.Revision, f.Range, byLine) {
			return -1
		}
		for i, l := range f.Related {
			if c.anchors(l.Revision, l.Range, byLine) {
				return i
			}
		}
	}
	return -1
}

// anchors reports whether a location is on a changed line (byLine) or in
// a changed file.
func (c *changeSet) anchors(revision string, r lint.Range, byLine bool) bool {
	if byLine {
		return c.onLine(revision, r)
	}
	return c.inFile(revision, r.File)
}

// anchoredAtChange returns f as the github and sarif formats show it: moved
// to its changed end (see changedAnchor), with the end's own message and
// the other end named in the message, and the original primary location
// kept as the first related location. Fingerprint and Key are f's, so a
// finding keeps its identity wherever it is shown. ok is false, and f is
// returned as it is, when f stays at its primary location.
func anchoredAtChange(f lint.Finding, changed *changeSet) (_ lint.Finding, ok bool) {
	i := changedAnchor(f, changed)
	if i < 0 {
		return f, false
	}
	end := f.Related[i]
	g := f
	g.Range, g.Revision = end.Range, ""
	g.Related = make([]lint.Location, 0, len(f.Related))
	if !f.Range.IsZero() {
		g.Related = append(g.Related, lint.Location{Range: f.Range, Revision: f.Revision, Message: otherEndText(f, changed)})
	}
	g.Related = append(g.Related, f.Related[:i]...)
	g.Related = append(g.Related, f.Related[i+1:]...)
	g.Message = f.Message + "\n\n" + anchorNote(f, end, changed)
	return g, true
}

// anchorNote says why an anchored finding is shown where it is: what the
// changed end does, and where the other end is.
func anchorNote(f lint.Finding, end lint.Location, c *changeSet) string {
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
	return note + "; the other end is " + where + ", " + otherEndState(f, c) + "."
}

// otherEndText is the related-location message of an anchored finding's
// original primary location.
func otherEndText(f lint.Finding, c *changeSet) string {
	return "the other end of the chain, " + otherEndState(f, c)
}

// otherEndState says how the change left the original primary location
// (which is not on a changed line of the working tree, or it would stay).
func otherEndState(f lint.Finding, c *changeSet) string {
	switch {
	case f.Revision != "":
		return "at the base revision " + f.Revision
	case c.inFile(f.Revision, f.Range.File):
		return "in a changed file but not on a changed line"
	}
	return "not changed"
}
