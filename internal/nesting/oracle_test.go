package nesting

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// lexerOpeners runs hcl's own lexer over src and returns, for every token
// that opens a level (bracket, quote, heredoc, interpolation, directive),
// its byte offset and the depth the tokens reach there. Closers pop
// whatever is open, so this never counts more than the parser nests.
func lexerOpeners(src []byte, m mode) map[int]int {
	lex := map[mode]func([]byte, string, hcl.Pos) (hclsyntax.Tokens, hcl.Diagnostics){
		modeConfig:     hclsyntax.LexConfig,
		modeTemplate:   hclsyntax.LexTemplate,
		modeExpression: hclsyntax.LexExpression,
	}[m]
	toks, _ := lex(src, "", hcl.InitialPos)
	out := map[int]int{}
	d := 0
	for _, t := range toks {
		switch t.Type {
		case hclsyntax.TokenOParen, hclsyntax.TokenOBrack, hclsyntax.TokenOBrace, hclsyntax.TokenOQuote,
			hclsyntax.TokenOHeredoc, hclsyntax.TokenTemplateInterp, hclsyntax.TokenTemplateControl:
			d++
			out[t.Range.Start.Byte] = d
		case hclsyntax.TokenCParen, hclsyntax.TokenCBrack, hclsyntax.TokenCBrace, hclsyntax.TokenCQuote,
			hclsyntax.TokenCHeredoc, hclsyntax.TokenTemplateSeqEnd:
			d = max(d-1, 0)
		}
	}
	return out
}

// agreeWithLexer fails t unless the scanner opens a level at every offset
// where hcl's lexer does, at least as deep: then no context (string,
// comment, heredoc) hides from the scanner what the parser will see.
func agreeWithLexer(t *testing.T, src []byte, m mode) {
	t.Helper()
	mine := map[int]int{}
	scanHCL(src, m, 0, 1<<30, func(off, depth int) { mine[off] = depth })
	for off, want := range lexerOpeners(src, m) {
		got, ok := mine[off]
		if !ok {
			t.Fatalf("mode %d: the lexer opens a level at byte %d (depth %d) that the scanner does not see in %q", m, off, want, src)
		}
		if got < want {
			t.Fatalf("mode %d: byte %d: scanner depth %d < lexer depth %d in %q", m, off, got, want, src)
		}
	}
}

// tricky holds inputs where a lexer that is almost right goes wrong.
var tricky = []string{
	`a = "(" # (` + "\n" + `b = [(1)]`,
	`a = "\"(" b = ((`,
	`a = "\\" ((`,
	`a = "$${((" b = "%%{((" c = "${(( }"`,
	`a = "$$${(" b = "\${(" c = "%%%{("`,
	`a = "${ "${ "${ x }" }" }"`,
	`a = "${ ( }" b = (`,
	`a = { ( } ( [`,
	`x = "%{ if a }${ (b) }%{ else }[%{ endif }"`,
	"a = <<EOF\n((\n${ ( }\nEOF\nb = (",
	"a = <<-EOF\n  [[\n  EOF\nb = [",
	"a = <<EOF\r\n((\r\nEOF\r\nb = ((",
	"a = <<EOF\n\xffEOF\nb = ((",
	"a = <<EOF\n\xc3EOF\n((\nEOF\n[",
	"a = <<EOF\nEOF \n((\n",
	"a = <<EOF\n  EOF\t\n((\n",
	"a = <<EOF\n${x}EOF\n((\nEOF\n(",
	"a = <<EOF\n\u00a0EOF\u00a0\n((\n",
	"a = <<A\n${ <<B\n}\nB\n}\nA\n(((",
	"a = <<EOF((\n",
	"a = <<<EOF\n((\nEOF\n",
	"a = <<-\n((",
	"a = <<é\n((\né\n(",
	"a = <<x→\n((\n",
	"/* ((( */ a = ( /* ",
	"a = /* ( \n b = [",
	"a = 1 // ((\n b = (",
	"a = \"\n((\n\" (",
	"a = \"\\\n((\" (",
	"a = \"${\n(\n}\" (",
	"a = ~} ( ~}",
	"a = \"${ x ~}\" (",
	"a = '(' \"'(\"",
	"a = [for x in y : x if (z)]",
	"a = { for k, v in m : k => (v) }",
	"\xef\xbb\xbfa = (\"(\")",
	"a = \"%{ for x in y }${x}%{ endfor }(\"",
	"a = \"\xc3\" ((",
	"a = \"\\\xe2\x80\" ((",
	// hcl's identifier tables let some lead bytes take any next byte
	"\xc9\"\" (",
	"a\xc9( (",
	"a = x\xc9\n (",
	"a = <<\xc9\n\n((\n\xc9\n(",
	"a = <<E\xc9\r\n((\nE\xc9\n(",
	"a = { for\xc9( }",
}

func TestScannerAgreesWithLexer(t *testing.T) {
	for _, src := range tricky {
		for _, m := range []mode{modeConfig, modeTemplate, modeExpression} {
			agreeWithLexer(t, []byte(src), m)
		}
	}
}

// FuzzHCL: the scanner never panics, always ends, reports positions inside
// the input, and never misses a level hcl's lexer opens.
func FuzzHCL(f *testing.F) {
	for _, s := range tricky {
		f.Add([]byte(s), uint8(0))
	}
	f.Add([]byte(deepParens(3000)), uint8(0))
	f.Add([]byte(deepInterps(1500)), uint8(0))
	f.Add([]byte("x = "+repeat("!", 1500)+"true\n"), uint8(0))
	f.Add([]byte("${"+repeat("%{ if a }", 1500)), uint8(1))
	f.Fuzz(func(t *testing.T, src []byte, m uint8) {
		md := mode(m % 3)
		agreeWithLexer(t, src, md)
		if e := scanHCL(src, md, 0, 8, nil); e != nil {
			inside(t, src, e)
		}
	})
}

// inside fails t unless e points into src at a consistent line.
func inside(t *testing.T, src []byte, e *Exceeded) {
	t.Helper()
	if e.Offset < 0 || e.Offset >= len(src) || e.Line < 1 || e.Column < 1 {
		t.Fatalf("position %+v outside %d bytes", e, len(src))
	}
	line := 1
	for _, c := range src[:e.Offset] {
		if c == '\n' {
			line++
		}
	}
	if line != e.Line {
		t.Fatalf("offset %d is on line %d, reported %d", e.Offset, line, e.Line)
	}
}
