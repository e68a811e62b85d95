package kept

import (
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// segmentsOf splits a template by hand into its parts, as hclsyntax
// parses it: literal text, and each ${…} a part rendered as out[i].
func segmentsOf(t *testing.T, src string, out []string) (string, []Segment) {
	t.Helper()
	var segs []Segment
	var content strings.Builder
	line, col, i, k := 1, 1, 0, 0
	advance := func(s string) {
		for _, c := range s {
			col++
			if c == '\n' {
				line, col = line+1, 1
			}
		}
	}
	for i < len(src) {
		j := strings.Index(src[i:], "${")
		if j != 0 {
			end := len(src)
			if j > 0 {
				end = i + j
			}
			segs = append(segs, Segment{Text: src[i:end], Line: line, Column: col, Start: i, End: end, Literal: true})
			content.WriteString(src[i:end])
			advance(src[i:end])
			i = end
			continue
		}
		e := i + strings.Index(src[i:], "}") + 1
		// The part's range is the expression inside ${ }.
		segs = append(segs, Segment{Text: out[k], Line: line, Column: col + 2, Start: i + 2, End: e - 1})
		content.WriteString(out[k])
		advance(src[i:e])
		i, k = e, k+1
	}
	return content.String(), segs
}

// rowsOf is the content src renders to, each ${…} rendered as the next
// of outs, and the rows placing it.
func rowsOf(t *testing.T, src string, outs ...string) (string, []TemplateRow) {
	t.Helper()
	content, segs := segmentsOf(t, src, outs)
	rows, ok := TemplateRows(content, src, segs)
	if !ok {
		t.Fatal("segments do not make the content")
	}
	return content, rows
}

func TestTemplateRowsMultiLineInterpolation(t *testing.T) {
	src := "spec:\n  securityGroupSelectorTerms:\n    ${indent(4, terms)}\n  role: ${role}\n  tags:\n    team: web\n"
	content, rows := rowsOf(t, src, "- tags:\n        karpenter.sh/discovery: shop", "KarpenterNodeRole-shop")
	m := PositionMap{File: "nc.tftpl", Rows: rows}
	lines := strings.Split(content, "\n")
	at := func(line int, sub string) lint.Range {
		c := strings.Index(lines[line-1], sub) + 1
		return lint.Range{Line: line, Column: c, EndLine: line, EndColumn: c + len(sub)}
	}
	for _, c := range []struct {
		name string
		r    lint.Range
		text string
		want lint.Range
	}{
		// Both lines the interpolation wrote are at the interpolation.
		{"first line of the part", at(3, "- tags"), "", lint.Range{File: "nc.tftpl", Line: 3, Column: 5, EndLine: 3, EndColumn: 24}},
		{"second line of the part", at(4, "shop"), "shop", lint.Range{File: "nc.tftpl", Line: 3, Column: 5, EndLine: 3, EndColumn: 24}},
		// After it, literal text is where it is written, one line up in
		// the YAML; a value an interpolation wrote underlines the part.
		{"key after the part", at(5, "role"), "", lint.Range{File: "nc.tftpl", Line: 4, Column: 3, EndLine: 4, EndColumn: 7}},
		{"value of a part", at(5, "KarpenterNodeRole-shop"), "KarpenterNodeRole-shop", lint.Range{File: "nc.tftpl", Line: 4, Column: 9, EndLine: 4, EndColumn: 16}},
		{"literal below", at(7, "web"), "web", lint.Range{File: "nc.tftpl", Line: 6, Column: 11, EndLine: 6, EndColumn: 14}},
	} {
		if got := m.Map(c.r, c.text); got != c.want {
			t.Errorf("%s: %v mapped to %v, want %v", c.name, c.r, got, c.want)
		}
	}
}

// A quoted value whose text an interpolation wrote, shorter than the
// interpolation as written: the underline ends where the line does.
func TestTemplateRowsValueShorterThanWritten(t *testing.T) {
	src := "settings:\n  instanceProfile: \"${profile}\"\n"
	_, rows := rowsOf(t, src, "\x00hole\x00")
	m := PositionMap{File: "values.yaml.tpl", Rows: rows}
	got := m.Map(lint.Range{Line: 2, Column: 20, EndLine: 2, EndColumn: 27}, "\x00hole\x00")
	want := lint.Range{File: "values.yaml.tpl", Line: 2, Column: 20, EndLine: 2, EndColumn: 32}
	if got != want {
		t.Errorf("mapped to %v, want %v", got, want)
	}
}

func TestTemplateRowsRefusesOtherText(t *testing.T) {
	src := "a: ${x}\n"
	_, segs := segmentsOf(t, src, []string{"1"})
	if _, ok := TemplateRows("a: 2\n", src, segs); ok {
		t.Error("rows built for text the segments do not make")
	}
}

// A range over several YAML lines ends where its last line is written; a
// part in the middle of a line leaves the literal text before it where it
// is written.
func TestTemplateRowsRangeOverLines(t *testing.T) {
	src := "data:\n  script: |\n    echo ${greeting}\n    exit 0\n"
	_, rows := rowsOf(t, src, "hello, world")
	if got := rows[2]; got.Line != 3 || got.Interp != 10 || got.InterpColumn != 10 || got.End != 21 {
		t.Errorf("row of the interpolation: %+v", got)
	}
	m := PositionMap{File: "cm.yaml.tpl", Rows: rows}
	// The block scalar's text, from "echo" to the end of "exit 0".
	got := m.Map(lint.Range{Line: 3, Column: 5, EndLine: 4, EndColumn: 11}, "")
	want := lint.Range{File: "cm.yaml.tpl", Line: 3, Column: 5, EndLine: 4, EndColumn: 11}
	if got != want {
		t.Errorf("mapped to %v, want %v", got, want)
	}
	// The literal before the part keeps its column.
	if got := m.Map(lint.Range{Line: 3, Column: 5, EndLine: 3, EndColumn: 9}, "echo"); got.Column != 5 || got.EndColumn != 9 {
		t.Errorf("literal before the part mapped to %v", got)
	}
}
