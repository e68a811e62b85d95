// Package nesting rejects input nested too deeply for the parsers that
// read it, before they see it.
//
// The HCL parser recurses once (or a dozen frames) per level of brackets,
// template interpolation, unary operator or chained binary operator, and
// Go cannot recover from the stack overflow that 70,000 levels cause. A
// single linear pass here measures that nesting with enough of each
// language's lexing (strings, comments, heredocs, block scalars) not to
// count what the parser would not, and reports the position where the
// bound Max is passed.
//
// The HCL and JSON scanners follow hcl/v2's own tokenizers so that no
// input the parser would nest reaches it uncounted; where they are unsure
// they count more, never less. The YAML scanner errs the other way (it
// never rejects a real manifest): yaml.v3 and kyaml already stop at 10,000
// levels on their own, and the scan only gives the position and a lower,
// common bound.
package nesting

import (
	"fmt"
	"unicode/utf8"

	"github.com/apparentlymart/go-textseg/v15/textseg"
	"github.com/hashicorp/hcl/v2"
)

// Max is the deepest nesting accepted. Real configuration rarely passes
// 20; the parsers overflow somewhere past 50,000.
const Max = 1000

// Exceeded says where input first nested deeper than Max.
type Exceeded struct {
	// Offset is the byte offset of the bracket, operator or indicator
	// that passed the bound.
	Offset int
	// Line and Column are 1-based; Column counts characters.
	Line, Column int
	// Depth is the nesting reached there (Max+1).
	Depth int
	// DocStart and DocEnd bound the YAML document that holds Offset
	// (the whole input for HCL and JSON).
	DocStart, DocEnd int
}

// Error reports the position in words.
func (e *Exceeded) Error() string {
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Column, e.Detail())
}

// Summary is the short title of the problem for a diagnostic.
func (e *Exceeded) Summary() string { return "Nesting too deep" }

// Detail explains the problem and what faultline does about it.
func (e *Exceeded) Detail() string {
	return fmt.Sprintf("The input nests brackets, templates or operators deeper than %d levels here; faultline does not parse it (the parser would overflow its stack).", Max)
}

// Diagnostic turns e into an HCL error diagnostic in filename.
func (e *Exceeded) Diagnostic(filename string) *hcl.Diagnostic {
	start := hcl.Pos{Line: e.Line, Column: e.Column, Byte: e.Offset}
	end := hcl.Pos{Line: e.Line, Column: e.Column + 1, Byte: e.Offset + 1}
	return &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  e.Summary(),
		Detail:   e.Detail(),
		Subject:  &hcl.Range{Filename: filename, Start: start, End: end},
	}
}

// HCLFile checks an HCL or JSON configuration file (.tf, .tf.json,
// .tfvars, .tfvars.json, .faultline.hcl) by its name as hclparse reads it:
// JSON when the name ends in .json. It returns nil when src is within the
// bound.
func HCLFile(filename string, src []byte) *hcl.Diagnostic {
	var e *Exceeded
	if len(filename) >= 5 && filename[len(filename)-5:] == ".json" {
		e = JSON(src)
	} else {
		e = HCL(src)
	}
	if e == nil {
		return nil
	}
	return e.Diagnostic(filename)
}

// exceeded builds the result for offset off in src. graphemes says to
// count columns in grapheme clusters as hcl does (else in runes, as
// yaml.v3 does).
func exceeded(src []byte, off, depth int, graphemes bool) *Exceeded {
	line, lineStart := 1, 0
	for i := 0; i < off && i < len(src); i++ {
		if src[i] == '\n' {
			line, lineStart = line+1, i+1
		}
	}
	prefix := src[lineStart:min(off, len(src))]
	col := 1 + utf8.RuneCount(prefix)
	if graphemes {
		col = 1
		for rest := prefix; len(rest) > 0; col++ {
			n, _, _ := textseg.ScanGraphemeClusters(rest, true)
			if n <= 0 {
				n = 1
			}
			rest = rest[n:]
		}
	}
	return &Exceeded{Offset: off, Line: line, Column: col, Depth: depth, DocEnd: len(src)}
}
