// Package fixer turns the fixes rules ask for (lint.FixTarget, in model
// terms) into exact edits of the source, and applies them.
//
// Resolve reads each file a fix targets, locates the one construct the
// target names (a string literal in a jsonencode object, a :sub key of a
// StringEquals object, a JSON string inside a YAML scalar) and records the
// byte range and the escaped replacement; a target that cannot be located
// exactly (a computed value, a heredoc, two candidates) gets no edits.
// Apply splices the edits into the original bytes (formatting and comments
// kept), checks that every edited file still parses, and writes nothing
// unless every file can be written.
package fixer

import (
	"bytes"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/faultline-dev/faultline/lint"
)

// Reader returns a file's content by the name findings use for it
// (lint.Range.File); ok is false when the file cannot be read from the
// scanned tree.
type Reader func(file string) (data []byte, ok bool)

// Resolve fills in the edits of every fix it can locate exactly, and drops
// the fixes it cannot (a finding keeps a fix only when it is resolved).
// Suppressed findings and findings at another revision get no fix.
func Resolve(fs []lint.Finding, read Reader) {
	files := map[string]*source{}
	for i := range fs {
		f := &fs[i]
		if f.Fix == nil {
			continue
		}
		if f.Suppressed != nil || f.Revision != "" {
			f.Fix = nil
			continue
		}
		edits, ok := resolve(f.Fix.Target, files, read)
		if !ok {
			f.Fix = nil
			continue
		}
		fix := *f.Fix
		fix.Edits = edits
		f.Fix = &fix
	}
}

// source is a file read once for every fix that targets it.
type source struct {
	data []byte
	ok   bool
}

func resolve(t lint.FixTarget, files map[string]*source, read Reader) ([]lint.Edit, bool) {
	if t.In.File == "" || t.In.Line <= 0 {
		return nil, false
	}
	src, seen := files[t.In.File]
	if !seen {
		data, ok := read(t.In.File)
		src = &source{data: data, ok: ok && utf8.Valid(data)}
		files[t.In.File] = src
	}
	if !src.ok {
		return nil, false
	}
	var e lint.Edit
	var ok bool
	switch syntaxOf(t.In.File) {
	case syntaxHCL:
		e, ok = resolveHCL(t, src.data)
	case syntaxYAML:
		e, ok = resolveYAML(t, src.data)
	}
	if !ok {
		return nil, false
	}
	e.Range = spanRange(t.In.File, src.data, e.Offset, e.End)
	e.Lines, e.LinesRange = editedLines(t.In.File, src.data, e)
	return []lint.Edit{e}, true
}

// editedLines returns the whole lines an edit touches as they read after
// it, and those lines' range in the file before it.
func editedLines(file string, data []byte, e lint.Edit) (string, lint.Range) {
	start := bytes.LastIndexByte(data[:e.Offset], '\n') + 1
	end := len(data)
	if i := bytes.IndexByte(data[e.End:], '\n'); i >= 0 {
		end = e.End + i
	}
	first, _ := position(data, start)
	last, _ := position(data, end)
	lines := string(data[start:e.Offset]) + e.Text + string(data[e.End:end])
	return lines, lint.Range{File: file, Line: first, Column: 1, EndLine: last, EndColumn: 1}
}

type syntax int

const (
	syntaxNone syntax = iota
	syntaxHCL
	syntaxYAML
)

// syntaxOf says how a file is written, from its name.
func syntaxOf(file string) syntax {
	switch strings.ToLower(path.Ext(file)) {
	case ".tf", ".tofu", ".hcl":
		return syntaxHCL
	case ".yaml", ".yml":
		return syntaxYAML
	}
	return syntaxNone
}

// spanRange converts the byte span [off, end) of data into a range:
// 1-based lines, columns in Unicode code points, the end exclusive.
func spanRange(file string, data []byte, off, end int) lint.Range {
	l1, c1 := position(data, off)
	l2, c2 := position(data, end)
	return lint.Range{File: file, Line: l1, Column: c1, EndLine: l2, EndColumn: c2}
}

// position is the line and code-point column of byte offset off.
func position(data []byte, off int) (line, col int) {
	off = min(max(off, 0), len(data))
	before := data[:off]
	line = 1 + bytes.Count(before, []byte("\n"))
	start := bytes.LastIndexByte(before, '\n') + 1
	return line, 1 + utf8.RuneCount(before[start:])
}
