package kept

import (
	"strings"
	"unicode/utf8"

	"github.com/faultline-dev/faultline/lint"
)

// TemplateRow places one line of YAML a template file renders (see
// TemplateRows).
type TemplateRow struct {
	// Line is the template line the YAML line's first character is
	// written on.
	Line int
	// Shift is added to a column of the YAML line before Interp: the
	// column the literal text has in the template less its column in the
	// YAML.
	Shift int
	// Interp is the YAML column where text an interpolation or a
	// directive (%{ for }, %{ if }) wrote starts on the line, 0 when none
	// does; InterpColumn is where that part is written on Line.
	Interp, InterpColumn int
	// End is the column after the written end of template line Line.
	End int
}

// Segment is what one top-level part of a template rendered: its text,
// where the part starts in the template (Line, Column) and the bytes
// it spans there (Start, End), and whether it is literal text.
type Segment struct {
	Text         string
	Line, Column int
	Start, End   int
	Literal      bool
}

// TemplateRows places each line of content, the text the template src
// rendered as segs, in the template: literal text where it is written,
// text an interpolation or a directive wrote at that part. It reports
// false when segs do not put content together.
func TemplateRows(content, src string, segs []Segment) ([]TemplateRow, bool) {
	var whole strings.Builder
	for _, s := range segs {
		whole.WriteString(s.Text)
	}
	if whole.String() != content {
		return nil, false
	}
	srcLines := strings.Split(src, "\n")
	var rows []TemplateRow
	outCol, started := 1, false
	start := func(r TemplateRow) {
		if r.Line >= 1 && r.Line <= len(srcLines) {
			r.End = utf8.RuneCountInString(strings.TrimRight(srcLines[r.Line-1], " \t\r")) + 1
		}
		rows = append(rows, r)
		started = true
	}
	for _, s := range segs {
		if !s.Literal {
			column := opening(s, src)
			for i, c := range s.Text {
				switch {
				case !started:
					start(TemplateRow{Line: s.Line, Interp: 1, InterpColumn: column})
				case i == 0 && rows[len(rows)-1].Interp == 0:
					rows[len(rows)-1].Interp, rows[len(rows)-1].InterpColumn = outCol, column
				}
				outCol++
				if c == '\n' {
					outCol, started = 1, false
				}
			}
			continue
		}
		line, col, text := literalStart(s, src)
		for _, c := range text {
			if !started {
				start(TemplateRow{Line: line, Shift: col - outCol})
			}
			outCol++
			col++
			if c == '\n' {
				outCol, started = 1, false
				line, col = line+1, 1
			}
		}
	}
	if !started {
		// The text ends with a line break: its last, empty line is where
		// the template ends.
		start(TemplateRow{Line: len(srcLines)})
	}
	return rows, true
}

// opening is the column of the ${ or %{ that opens part s (whose range
// is the expression inside it), on the part's line; the part's own
// column when none is found there.
func opening(s Segment, src string) int {
	if s.Start <= 0 || s.Start > len(src) {
		return s.Column
	}
	i := s.Start
	for i > 0 && (src[i-1] == ' ' || src[i-1] == '\t' || src[i-1] == '~') {
		i--
	}
	if i < 2 || src[i-1] != '{' || (src[i-2] != '$' && src[i-2] != '%') {
		return s.Column
	}
	back := utf8.RuneCountInString(src[i-2 : s.Start])
	if back >= s.Column {
		return s.Column
	}
	return s.Column - back
}

// literalStart is where the text of literal segment s starts in src: the
// part's start, or further on when a strip marker (~) dropped the
// whitespace the part begins with.
func literalStart(s Segment, src string) (line, col int, text string) {
	line, col, text = s.Line, s.Column, s.Text
	if s.Start < 0 || s.End > len(src) || s.Start > s.End {
		return line, col, text
	}
	written := src[s.Start:s.End]
	if written == text || !strings.HasSuffix(written, text) {
		return line, col, text
	}
	for _, c := range written[:len(written)-len(text)] {
		col++
		if c == '\n' {
			line, col = line+1, 1
		}
	}
	return line, col, text
}

// placeRow is where range r of rendered YAML (holding text) is written in
// the template, by Rows.
func (m *PositionMap) placeRow(r lint.Range, text string) lint.Range {
	row := m.Rows[r.Line-1]
	out := lint.Range{File: m.File, Line: row.Line, Column: r.Column + row.Shift, EndLine: row.Line, EndColumn: r.EndColumn + row.Shift}
	fromPart := row.Interp > 0 && r.Column >= row.Interp
	if fromPart {
		out.Column = row.InterpColumn
	}
	switch {
	case r.EndLine == r.Line:
		if fromPart || (row.Interp > 0 && r.EndColumn > row.Interp) || lint.HasSentinel(text) {
			// Text a part wrote: underline the part as written.
			out.EndColumn = row.End
		}
	case r.EndLine > r.Line && r.EndLine <= len(m.Rows):
		end := m.Rows[r.EndLine-1]
		out.EndLine, out.EndColumn = end.Line, r.EndColumn+end.Shift
		if end.Interp > 0 && r.EndColumn > end.Interp {
			out.EndColumn = end.End
		}
	default:
		out.EndColumn = row.End
	}
	if out.EndLine < out.Line || (out.EndLine == out.Line && out.EndColumn < out.Column) {
		out.EndLine, out.EndColumn = out.Line, max(row.End, out.Column)
	}
	return out
}
