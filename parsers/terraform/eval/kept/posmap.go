package kept

import (
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
)

// PositionMap says where a range in the YAML of an Embedded is written in
// the Terraform source. It is data, not a closure, so an Embedded can be
// stored and read back (codec.go); Embedded.Map applies it.
type PositionMap struct {
	// Whole is where the YAML is given (the attribute): where a position
	// not placed otherwise goes.
	Whole lint.Range
	// File, when set, is the file the YAML is read from as written
	// (file(), templatefile()): a range keeps its columns, and its lines
	// are FileLine lines further (a document that starts below the
	// file's first line).
	File     string
	FileLine int
	// Rows, when set, place each line of YAML a template file rendered
	// (templatefile()): an interpolation that writes several lines, or
	// fewer characters than it is written with, moves what follows it.
	Rows []TemplateRow
	// Heredoc is set when the YAML is written as a heredoc from source
	// line Start on: YAML line n is source line Start+n, its columns
	// shifted by Shifts[n-1] (indentation a <<- heredoc drops); Ends[n-1]
	// is the column after the written end of that source line, and
	// Interps[n-1] the column its first interpolation is written at (0:
	// none; what follows it is rendered otherwise than written).
	Heredoc               bool
	Start                 int
	Shifts, Ends, Interps []int
	// Lines, when set, place each line of YAML written as an HCL object
	// (yamlencode({…}), an object attribute): Lines[n-1] is where YAML
	// line n's value is written — the item's value, or its key when the
	// value spans lines — a zero range where no item is known.
	Lines []lint.Range
	// Keys, when set, place the mapping key YAML line n holds, at column
	// KeyColumns[n-1], where the HCL item's key is written (Lines places
	// the line at the item's value).
	Keys       []lint.Range
	KeyColumns []int
	// LiteralLines is set when Lines place each line of a literal block
	// (a Helm values string) where that line is written, so that a
	// document read from the block is placed line by line.
	LiteralLines bool
	// Anchors, in order, take a range that lies in no file or in a
	// stand-in's file (anchorModel): reports never show stand-in code.
	Anchors []lint.Range
}

// Map is the source range of r, a range in the YAML holding text.
func (m *PositionMap) Map(r lint.Range, text string) lint.Range {
	out := m.place(r, text)
	for _, a := range m.Anchors {
		if out.File == "" || modsource.IsModelFile(out.File) {
			out = a
		}
	}
	return out
}

// place is Map before the anchors.
func (m *PositionMap) place(r lint.Range, text string) lint.Range {
	switch {
	case m.File != "" && r.Line >= 1 && r.Line <= len(m.Rows):
		return m.placeRow(r, text)
	case m.File != "":
		r.File = m.File
		r.Line += m.FileLine
		r.EndLine += m.FileLine
		return r
	case m.Lines != nil:
		if r.Line >= 1 && r.Line <= len(m.Keys) && r.Line <= len(m.KeyColumns) && !m.Keys[r.Line-1].IsZero() && r.Column == m.KeyColumns[r.Line-1] {
			return m.Keys[r.Line-1]
		}
		if r.Line >= 1 && r.Line <= len(m.Lines) && !m.Lines[r.Line-1].IsZero() {
			return m.Lines[r.Line-1]
		}
		return m.Whole
	case !m.Heredoc || r.Line < 1 || r.Line > len(m.Shifts):
		return m.Whole
	}
	line, shift := m.Start+r.Line, m.Shifts[r.Line-1]
	out := lint.Range{File: m.Whole.File, Line: line, Column: r.Column + shift, EndLine: m.Start + r.EndLine, EndColumn: r.EndColumn + shift}
	if r.EndLine != r.Line {
		out.EndColumn = r.EndColumn
	}
	interpolated := r.Line <= len(m.Interps) && m.Interps[r.Line-1] > 0 && out.EndColumn > m.Interps[r.Line-1]
	if (lint.HasSentinel(text) || interpolated) && r.EndLine == r.Line {
		// The value came from an interpolation: underline it as written.
		out.EndColumn = m.Ends[r.Line-1]
	}
	return out
}

// PassedPart is an interpolation of a variable in YAML a module writes as
// a template, and the module arguments that pass its value in.
type PassedPart struct {
	Range  lint.Range
	Passed []lint.Location
}

// passedBy is Embedded.Passed for parts.
func passedBy(parts []PassedPart) func(lint.Range) []lint.Location {
	return func(r lint.Range) []lint.Location {
		for _, p := range parts {
			if r.File == p.Range.File && r.Line == p.Range.Line && r.Column <= p.Range.Column && p.Range.EndColumn <= r.EndColumn {
				return p.Passed
			}
		}
		return nil
	}
}

// KeepsLines reports whether em's map places each line of its YAML on a
// line of its own in the source: YAML read from a file as written, a
// heredoc, or lines placed one by one down to those of literal blocks.
func (em *Embedded) KeepsLines() bool {
	return em.pos != nil && (em.pos.File != "" || em.pos.Heredoc || em.pos.LiteralLines)
}

// SetMap makes m the position map of em: Map applies it.
func (em *Embedded) SetMap(m PositionMap) {
	em.pos = &m
	em.Map = em.pos.Map
}

// SetPassed makes parts the interpolations em's Passed looks ranges up
// in; none leaves Passed nil.
func (em *Embedded) SetPassed(parts []PassedPart) {
	em.parts, em.Passed = nil, nil
	if len(parts) > 0 {
		em.parts, em.Passed = parts, passedBy(parts)
	}
}

// Anchor makes em's map send ranges in no file or in a stand-in's file
// to r (after any anchor it has).
func (em *Embedded) Anchor(r lint.Range) {
	if em.pos == nil {
		// A Map not set by SetMap (the codec refuses such an Embedded).
		inner := em.Map
		em.Map = func(x lint.Range, text string) lint.Range {
			if inner != nil {
				x = inner(x, text)
			}
			if x.File == "" || modsource.IsModelFile(x.File) {
				return r
			}
			return x
		}
		return
	}
	m := *em.pos
	m.Anchors = append(m.Anchors[:len(m.Anchors):len(m.Anchors)], r)
	em.SetMap(m)
}
