package fixer

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/faultline-dev/faultline/lint"
	"go.yaml.in/yaml/v3"
)

// resolveYAML locates a FixReplaceString target in a YAML file: the scalar
// that starts where the target's range does holds a JSON policy
// (Crossplane's assumeRolePolicy), the policy holds the JSON string Old
// exactly once, and that string is written once in the file, after the
// scalar's start, as the scalar's style writes it. The replacement is
// New as a JSON string written in the same style; the edit stands only if
// the edited file parses and the scalar then reads as the old policy with
// that one string replaced (so nothing else moved). Comments and layout
// are untouched: the file is never re-marshalled.
func resolveYAML(t lint.FixTarget, src []byte) (lint.Edit, bool) {
	if t.Kind == lint.FixReplaceValue {
		return replaceYAMLValue(t, src)
	}
	if t.Kind != lint.FixReplaceString {
		return lint.Edit{}, false
	}
	n := scalarAt(src, t.In.Line, t.In.Column)
	if n == nil {
		return lint.Edit{}, false
	}
	oldJSON, newJSON := jsonString(t.Old), jsonString(t.New)
	if strings.Count(n.Value, oldJSON) != 1 || !json.Valid([]byte(n.Value)) {
		return lint.Edit{}, false
	}
	pattern, ok1 := inStyle(n.Style, oldJSON)
	repl, ok2 := inStyle(n.Style, newJSON)
	if !ok1 || !ok2 || bytes.Count(src, []byte(pattern)) != 1 {
		return lint.Edit{}, false
	}
	at := bytes.Index(src, []byte(pattern))
	if lineStartOf(src, n.Line) > at {
		return lint.Edit{}, false
	}
	e := lint.Edit{Offset: at, End: at + len(pattern), Text: repl}
	after := scalarAt(splice(src, []lint.Edit{e}), n.Line, n.Column)
	want := strings.Replace(n.Value, oldJSON, newJSON, 1)
	if after == nil || after.Value != want || !json.Valid([]byte(after.Value)) {
		return lint.Edit{}, false
	}
	return e, true
}

// replaceYAMLValue rewrites the string scalar at t.In, when it reads
// exactly t.Old and is written on one line in the plain, single- or
// double-quoted style, as t.New in the same style; the edit stands only if
// the scalar then reads as t.New, still a string (a plain "true" or "123"
// would not be: then nothing is offered).
func replaceYAMLValue(t lint.FixTarget, src []byte) (lint.Edit, bool) {
	n := scalarAt(src, t.In.Line, t.In.Column)
	if n == nil || n.Value != t.Old || n.ShortTag() != "!!str" || n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		return lint.Edit{}, false
	}
	at := lineStartOf(src, n.Line) + byteOffset(src[lineStartOf(src, n.Line):], n.Column-1)
	quote := ""
	switch {
	case n.Style&yaml.SingleQuotedStyle != 0:
		quote = "'"
	case n.Style&yaml.DoubleQuotedStyle != 0:
		quote = `"`
	}
	old, ok1 := inStyle(n.Style, t.Old)
	repl, ok2 := inStyle(n.Style, t.New)
	old, repl = quote+old+quote, quote+repl+quote
	if !ok1 || !ok2 || !bytes.HasPrefix(src[at:], []byte(old)) {
		return lint.Edit{}, false
	}
	e := lint.Edit{Offset: at, End: at + len(old), Text: repl}
	after := scalarAt(splice(src, []lint.Edit{e}), n.Line, n.Column)
	if after == nil || after.Value != t.New || after.ShortTag() != "!!str" {
		return lint.Edit{}, false
	}
	return e, true
}

// byteOffset is the byte offset of the n-th code point of line (the end of
// the line's bytes if it is shorter).
func byteOffset(line []byte, n int) int {
	off := 0
	for i := 0; i < n && off < len(line) && line[off] != '\n'; i++ {
		_, size := utf8.DecodeRune(line[off:])
		off += size
	}
	return off
}

// jsonString is s as a JSON string, quotes included, without HTML escapes.
func jsonString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
}

// inStyle is text, which has no line break, as a scalar of the style
// writes it on one line: verbatim in plain and block scalars, `'` doubled
// in single-quoted ones, `\` and `"` escaped in double-quoted ones.
func inStyle(style yaml.Style, text string) (string, bool) {
	if strings.ContainsAny(text, "\r\n") {
		return "", false
	}
	switch {
	case style&yaml.SingleQuotedStyle != 0:
		return strings.ReplaceAll(text, "'", "''"), true
	case style&yaml.DoubleQuotedStyle != 0:
		return strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(text), true
	}
	return text, true
}

// scalarAt finds the scalar node of any document of src at line and
// column (yaml.v3's positions); nil when src does not parse or none is
// there.
func scalarAt(src []byte, line, col int) *yaml.Node {
	dec := yaml.NewDecoder(bytes.NewReader(src))
	for {
		var doc yaml.Node
		if err := dec.Decode(&doc); err != nil {
			return nil
		}
		if n := findScalar(&doc, line, col); n != nil {
			return n
		}
	}
}

func findScalar(n *yaml.Node, line, col int) *yaml.Node {
	if n.Kind == yaml.ScalarNode && n.Line == line && n.Column == col {
		return n
	}
	for _, c := range n.Content {
		if f := findScalar(c, line, col); f != nil {
			return f
		}
	}
	return nil
}

// parsesYAML reports whether every document of src parses.
func parsesYAML(src []byte) bool {
	dec := yaml.NewDecoder(bytes.NewReader(src))
	for {
		var doc yaml.Node
		if err := dec.Decode(&doc); err != nil {
			return errors.Is(err, io.EOF)
		}
	}
}

// lineStartOf is the byte offset where 1-based line starts.
func lineStartOf(src []byte, line int) int {
	off := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 {
			return len(src)
		}
		off += i + 1
	}
	return off
}
