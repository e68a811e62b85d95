package fixer

import (
	"bytes"
	"errors"
	"fmt"
	"sort"

	"github.com/faultline-dev/faultline/lint"
)

// FileChange is one file's content before and after its edits.
type FileChange struct {
	// File is the name findings use for the file (lint.Range.File).
	File          string
	Before, After []byte
	// Fixes are the descriptions of the fixes applied to it.
	Fixes []string
	// edits are the edits that make After from Before, sorted.
	edits []lint.Edit
}

// Plan gathers the resolved fixes of the findings that are not
// suppressed, groups their edits by file and computes every file's new
// content. Two fixes that ask for the very same edit (one repair reported
// by two findings) apply once; edits that overlap otherwise are an error,
// and so is an edited file that no longer parses. Files are in name order.
func Plan(fs []lint.Finding, read Reader) ([]FileChange, error) {
	byFile := map[string][]lint.Edit{}
	descs := map[string][]string{}
	for _, f := range fs {
		if f.Suppressed != nil || !f.Fix.Resolved() {
			continue
		}
		for _, e := range f.Fix.Edits {
			byFile[e.Range.File] = append(byFile[e.Range.File], e)
		}
		file := f.Fix.Edits[0].Range.File
		descs[file] = append(descs[file], f.Rule+": "+f.Fix.Description)
	}
	files := make([]string, 0, len(byFile))
	for file := range byFile {
		files = append(files, file)
	}
	sort.Strings(files)
	var out []FileChange
	for _, file := range files {
		before, ok := read(file)
		if !ok {
			return nil, fmt.Errorf("%s: cannot be read from the scanned tree", file)
		}
		edits, err := ordered(byFile[file])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		for _, e := range edits {
			if e.Offset < 0 || e.End < e.Offset || e.End > len(before) {
				return nil, fmt.Errorf("%s: edit at %s lies outside the file (changed since it was read?)", file, e.Range)
			}
		}
		after := splice(before, edits)
		if err := check(file, after); err != nil {
			return nil, err
		}
		out = append(out, FileChange{File: file, Before: before, After: after, Fixes: unique(descs[file]), edits: edits})
	}
	return out, nil
}

// ErrOverlap is returned for two different edits of the same span.
var ErrOverlap = errors.New("overlapping edits")

// ordered sorts edits by offset, drops exact duplicates and refuses edits
// that overlap (or insert at the same place) otherwise.
func ordered(edits []lint.Edit) ([]lint.Edit, error) {
	es := append([]lint.Edit(nil), edits...)
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].Offset != es[j].Offset {
			return es[i].Offset < es[j].Offset
		}
		return es[i].End < es[j].End
	})
	out := es[:0]
	for _, e := range es {
		if n := len(out); n > 0 {
			last := out[n-1]
			if last.Offset == e.Offset && last.End == e.End && last.Text == e.Text {
				continue
			}
			if e.Offset < last.End || e.Offset == last.Offset {
				return nil, fmt.Errorf("%w at %s and %s", ErrOverlap, last.Range, e.Range)
			}
		}
		out = append(out, e)
	}
	return out, nil
}

// splice applies edits, sorted and not overlapping, to src.
func splice(src []byte, edits []lint.Edit) []byte {
	var b bytes.Buffer
	b.Grow(len(src) + 64)
	at := 0
	for _, e := range edits {
		b.Write(src[at:e.Offset])
		b.WriteString(e.Text)
		at = e.End
	}
	b.Write(src[at:])
	return b.Bytes()
}

// check makes sure an edited file still parses in its syntax.
func check(file string, data []byte) error {
	switch syntaxOf(file) {
	case syntaxHCL:
		if !parsesHCL(data, file) {
			return fmt.Errorf("%s: the edited file would not parse as HCL", file)
		}
	case syntaxYAML:
		if !parsesYAML(data) {
			return fmt.Errorf("%s: the edited file would not parse as YAML", file)
		}
	default:
		return fmt.Errorf("%s: no fixer for this kind of file", file)
	}
	return nil
}

func unique(ss []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
