package nesting

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2/hclparse"
)

var repeat = strings.Repeat

// prefix is the text before every generated expression: the `locals`
// brace is one level, and the expression starts in column 7 of line 2.
const prefix = "locals {\n  x = "

func deepParens(n int) string {
	return prefix + repeat("(", n) + "1" + repeat(")", n) + "\n}\n"
}

func deepInterps(n int) string {
	return prefix + repeat(`"${`, n) + "1" + repeat(`}"`, n) + "\n}\n"
}

// measure returns the deepest nesting the scanner sees in src, unbounded.
func measure(src string, m mode) int {
	s := newHCLScanner([]byte(src), m, 0, 1<<30, nil)
	s.run()
	return s.deepest
}

func TestHCLRejectsDeepInput(t *testing.T) {
	const n = 70000
	cases := []struct {
		name      string
		src       string
		line, col int
	}{
		// locals is level 1, so the 1000th bracket is level 1001.
		{"parentheses", deepParens(n), 2, 6 + 1000},
		{"brackets", prefix + repeat("[", n) + repeat("]", n) + "\n}\n", 2, 6 + 1000},
		{"braces", prefix + repeat("{a=", n) + "1" + repeat("}", n) + "\n}\n", 2, 6 + 3*999 + 1},
		// a quote and its interpolation are a level each.
		{"interpolations", deepInterps(n), 2, 6 + 3*499 + 2},
		{"blocks", repeat("a {\n", n) + repeat("}\n", n), 1001, 3},
		{"unary not", prefix + repeat("!", n) + "true\n}\n", 2, 6 + 1000},
		{"unary minus", prefix + repeat("-", n) + "1\n}\n", 2, 6 + 1000},
		// locals and the parenthesis, then one level per operator: the
		// 999th '+' is on line 1000.
		{"binary chain", prefix + "(1" + repeat(" +\n1", n) + ")\n}\n", 1000, 3},
		{"conditional chain", prefix + repeat("a?1:", n) + "1\n}\n", 2, 8 + 4*999},
		// each index nests the next one level deeper, and its bracket is
		// one more while open: the 999th.
		{"index chain", prefix + "a" + repeat("[b]", n) + "\n}\n", 2, 8 + 3*998},
		{"splats", prefix + "a" + repeat(".*", n) + "\n}\n", 2, 7 + 2*999 + 2},
		// locals, the quote, one level per open if and one for the
		// directive itself: the 998th.
		{"if directives", prefix + `"` + repeat("%{if a}", n) + `"` + "\n}\n", 2, 8 + 7*997},
		{"heredoc interpolations", "x = <<EOF\n" + repeat("${(", n) + "\nEOF\n", 2, 3 * 500},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := HCL([]byte(c.src))
			if e == nil {
				t.Fatalf("not rejected (depth %d)", measure(c.src, modeConfig))
			}
			if e.Line != c.line || e.Column != c.col || e.Depth != Max+1 {
				t.Errorf("rejected at %d:%d depth %d, want %d:%d depth %d", e.Line, e.Column, e.Depth, c.line, c.col, Max+1)
			}
		})
	}
}

// TestDepthOfGeneratedNesting: for nestings of each kind the HCL parser
// accepts, the scanner measures the depth exactly (or, where the parser
// nests more than one level per construct, at least that).
func TestDepthOfGeneratedNesting(t *testing.T) {
	kinds := []struct {
		name     string
		gen      func(d int) string
		perLevel int
	}{
		{"parens", func(d int) string { return "x = " + repeat("(", d) + "1" + repeat(")", d) + "\n" }, 1},
		{"tuples", func(d int) string { return "x = " + repeat("[", d) + repeat("]", d) + "\n" }, 1},
		{"objects", func(d int) string { return "x = " + repeat("{a = ", d) + "1" + repeat("}", d) + "\n" }, 1},
		{"calls", func(d int) string { return "x = " + repeat("f(", d) + "1" + repeat(")", d) + "\n" }, 1},
		{"blocks", func(d int) string { return repeat("b {\n", d) + repeat("}\n", d) }, 1},
		{"templates", func(d int) string { return "x = " + repeat(`"${`, d) + "1" + repeat(`}"`, d) + "\n" }, 2},
		{"heredocs", func(d int) string {
			var b strings.Builder
			b.WriteString("x = ")
			for i := range d {
				fmt.Fprintf(&b, "<<E%d\n${", i)
			}
			b.WriteString("1")
			for i := d - 1; i >= 0; i-- {
				fmt.Fprintf(&b, "}\nE%d\n", i)
			}
			return b.String()
		}, 2},
		{"for expressions", func(d int) string { return "x = " + repeat("[for v in ", d) + "[]" + repeat(" : v]", d) + "\n" }, 1},
		{"not", func(d int) string { return "x = " + repeat("!", d) + "true\n" }, 1},
	}
	for _, k := range kinds {
		for _, d := range []int{1, 2, 5, 20, 100} {
			src := k.gen(d)
			if _, diags := hclparse.NewParser().ParseHCL([]byte(src), "t.tf"); diags.HasErrors() {
				t.Fatalf("%s %d: generated input does not parse: %s", k.name, d, diags)
			}
			got := measure(src, modeConfig)
			if got < d*k.perLevel || k.perLevel == 1 && k.name != "for expressions" && got != d {
				t.Errorf("%s at depth %d: scanner measures %d", k.name, d, got)
			}
			agreeWithLexer(t, []byte(src), modeConfig)
		}
	}
}

// TestRealConfigurationPasses: what real files contain stays far below
// the bound, and brackets in strings, comments and heredocs do not count.
func TestRealConfigurationPasses(t *testing.T) {
	src := `# A module call ((( [[[ {{{
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  name    = "${var.env}-cluster" // ]]]
  subnets = [for s in var.subnets : s.id if s.public == false && !s.reserved]
  tags    = merge(var.tags, { Name = "eks-${var.env}" }, length(var.x) > 0 ? { x = "y" } : {})
  /* a block comment with an unbalanced (
     over two lines */
  policy = <<-EOT
    {"Statement": [{"Effect": "Allow", "Resource": "${aws_s3_bucket.b.arn}/*"}
  EOT
  script = <<EOF
%{ for n in var.nodes ~}
[ ${n.name} ] %{ if n.gpu }gpu%{ else }cpu%{ endif }
%{ endfor ~}
EOF
  escaped = "$${not_interpolated} %%{ nor_this } \" (( "
}
`
	if e := HCL([]byte(src)); e != nil {
		t.Fatalf("rejected: %v", e)
	}
	if d := measure(src, modeConfig); d > 6 {
		t.Errorf("measured %d levels in ordinary configuration", d)
	}
	agreeWithLexer(t, []byte(src), modeConfig)
}

// TestNewlinesEndOnlyBodyExpressions: an operator chain is cut by the
// newlines that end a body item, but not inside brackets or a for
// expression in braces, where the parser reads on.
func TestNewlinesEndOnlyBodyExpressions(t *testing.T) {
	chain := repeat(" +\n 1", 50)
	for _, c := range []struct {
		src  string
		deep bool
	}{
		{"x = 1" + chain + "\n", false},
		{"x = { a = 1" + chain + " }\n", false},
		{"x = { # a comment first\n a = 1" + chain + " }\n", false},
		{"x = (1" + chain + ")\n", true},
		{"x = [1" + chain + "]\n", true},
		{"x = { for k in y : k => 1" + chain + " }\n", true},
		{"x = { /* c */ for k in y : k => 1" + chain + " }\n", true},
		{"x = \"${1" + chain + "}\"\n", true},
		{"x = [1" + repeat(",\n 1 + 1", 50) + "]\n", false},
	} {
		if got := measure(c.src, modeConfig) >= 50; got != c.deep {
			t.Errorf("%q: measured %d", c.src, measure(c.src, modeConfig))
		}
	}
}

func TestExpressionAndTemplateModes(t *testing.T) {
	if e := HCLExpression([]byte(repeat("(", 2000))); e == nil || e.Column != 1001 {
		t.Errorf("expression: %+v", e)
	}
	if e := HCLExpression([]byte(`"(((" + a`)); e != nil {
		t.Errorf("expression with a string: %+v", e)
	}
	tpl := "#!/bin/sh\n[ -f x ] && echo \"(\" ${ var.a } %{ if b }yes%{ endif }\n"
	if e := HCLTemplate([]byte(tpl)); e != nil || measure(tpl, modeTemplate) != 2 {
		t.Errorf("template: %+v, depth %d", e, measure(tpl, modeTemplate))
	}
	// inside the first interpolation "${" is a '$' and a brace: two
	// levels per "${(", and the 501st brace passes the bound.
	if e := HCLTemplate([]byte(repeat("${(", 700))); e == nil || e.Line != 1 || e.Column != 3*500+2 {
		t.Errorf("deep template: %+v", e)
	}
}

func TestColumnsCountCharacters(t *testing.T) {
	src := "x = \"é→\" + " + repeat("(", 1200)
	e := HCL([]byte(src))
	// 11 characters (15 bytes), then the '+' and 1000 parentheses.
	if e == nil || e.Column != 11+1000 {
		t.Fatalf("got %+v", e)
	}
	if !bytes.Equal([]byte(src[e.Offset:e.Offset+1]), []byte("(")) {
		t.Errorf("offset %d is not a bracket", e.Offset)
	}
}

func TestHCLFileDiagnostic(t *testing.T) {
	d := HCLFile("main.tf.json", []byte(`{"a": `+repeat("[", 1500)))
	if d == nil || d.Subject.Start.Line != 1 || d.Subject.Start.Column != 1006 || d.Summary != "Nesting too deep" {
		t.Fatalf("got %+v", d)
	}
	if d := HCLFile("main.tf", []byte(`a = "`+repeat("[", 1500)+`"`)); d != nil {
		t.Errorf("brackets in a string rejected: %v", d)
	}
}
