package hclwire

import (
	"io/fs"
	"reflect"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/faultline-dev/faultline/parsers/terraform/models"
)

// everySyntax holds every node the native syntax parses to, each in
// more than one form: nested splats (each with its own anonymous symbol),
// a legacy attribute splat, every operator, heredocs with directives,
// object keys that are traversals, strings and parenthesised, numbers
// the parser keeps at its own precision, unicode that needs normalising.
const everySyntax = `
locals {
  n        = 1
  big      = 123456789012345678901234567890.5
  neg      = -2.5e-3
  frac     = 0.1
  text     = "caf\u00e9 ${var.name} %{ if var.on }on%{ else }off%{ endif }"
  nul      = null
  yes      = true
  no       = false
  tuple    = [1, "two", [3], {}]
  empty    = []
  obj      = { a = 1, "b" = 2, (var.k) = 3, local.x = 4 }
  cond     = var.a ? var.b : var.c
  idx      = var.m["k"][0]
  ix2      = var.m[var.k]
  attrs    = var.list[*].id
  nested   = var.list[*].tags[*].name
  legacy   = var.list.*.id
  bare     = var.list[*]
  rel      = (var.x).y[1]
  fn       = concat(var.a, [1]...)
  nofn     = timestamp()
  fork     = [for k, v in var.m : upper(v) if k != "skip"]
  forobj   = { for s in var.l : s.name => s... }
  forobj2  = { for k, v in var.m : k => v }
  ops      = [!var.a, -var.b, 1 + 2 - 3 * 4 / 5 % 6, var.a && var.b || var.c, 1 < 2, 1 <= 2, 1 > 2, 1 >= 2, 1 == 2, 1 != 2]
  paren    = (1 + 2) * 3
  heredoc  = <<-EOT
    %{ for x in var.l ~}
    - ${x}
    %{ endfor ~}
  EOT
  wrap     = "${var.only}"
  legacyix = var.list.0.name
  splattpl = "${join(",", var.list[*].id)}"
}

resource "aws_iam_role" "r" {
  name = "r"
  dynamic "inline_policy" {
    for_each = var.policies
    content {
      name = inline_policy.key
    }
  }
  lifecycle {
    ignore_changes = [tags]
  }
}

block "a" "b" "c" {}
empty {}
`

// corpus are the files every round trip is checked on: everySyntax and
// every built-in stand-in module, the files the evaluator keeps.
func corpus(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{"every.tf": []byte(everySyntax)}
	err := fs.WalkDir(models.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".tf") {
			return err
		}
		src, err := fs.ReadFile(models.FS, p)
		out[p] = src
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 100 {
		t.Fatalf("%d files: the stand-ins were not found", len(out))
	}
	return out
}

func parse(t testing.TB, name string, src []byte) *hclsyntax.Body {
	t.Helper()
	f, diags := hclsyntax.ParseConfig(src, name, hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatalf("%s: %s", name, diags.Error())
	}
	return f.Body.(*hclsyntax.Body)
}

// Every file reads back as the parser gave it, and the corpus holds every
// node type this package writes, so no branch goes untried.
func TestRoundTrip(t *testing.T) {
	seen := map[string]bool{}
	for name, src := range corpus(t) {
		body := parse(t, name, src)
		_ = hclsyntax.VisitAll(body, func(n hclsyntax.Node) hcl.Diagnostics {
			typ := reflect.TypeOf(n)
			if typ.Kind() == reflect.Pointer {
				typ = typ.Elem()
			}
			seen[typ.Name()] = true
			return nil
		})
		data, err := Encode(body, name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := Decode(data, name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(got, body) {
			t.Fatalf("%s: the body read back differs from the parsed one", name)
		}
		checkSplatSymbols(t, name, got)
	}
	for _, typ := range []string{"LiteralValueExpr", "ScopeTraversalExpr", "RelativeTraversalExpr", "FunctionCallExpr",
		"ConditionalExpr", "IndexExpr", "TupleConsExpr", "ObjectConsExpr", "ObjectConsKeyExpr", "ForExpr", "SplatExpr",
		"AnonSymbolExpr", "BinaryOpExpr", "UnaryOpExpr", "TemplateExpr", "TemplateJoinExpr", "TemplateWrapExpr",
		"ParenthesesExpr", "Body", "Attribute", "Block"} {
		if !seen[typ] {
			t.Errorf("no %s in the corpus", typ)
		}
	}
}

// checkSplatSymbols fails unless every splat's Each reaches the splat's
// own symbol, the one pointer the evaluator binds each element to.
func checkSplatSymbols(t *testing.T, name string, body *hclsyntax.Body) {
	t.Helper()
	_ = hclsyntax.VisitAll(body, func(n hclsyntax.Node) hcl.Diagnostics {
		s, ok := n.(*hclsyntax.SplatExpr)
		if !ok {
			return nil
		}
		found := false
		_ = hclsyntax.VisitAll(s.Each, func(m hclsyntax.Node) hcl.Diagnostics {
			found = found || m == s.Item
			return nil
		})
		if !found {
			t.Errorf("%s: a splat at %s whose Each does not reach its own symbol", name, s.SrcRange)
		}
		return nil
	})
}

// A decoded body evaluates as the parsed one: splats bind their own
// symbol, operations are hclsyntax's, numbers keep their precision.
func TestDecodedEvaluates(t *testing.T) {
	src := []byte(`
a = [for x in [{id = 1}, {id = 2}] : x][*].id
b = 0.1 + 0.2 == 0.3
c = -(3 % 2)
d = "${"x"}-%{if true}y%{endif}"
`)
	body := parse(t, "t.tf", src)
	data, err := Encode(body, "t.tf")
	if err != nil {
		t.Fatal(err)
	}
	got, err := Decode(data, "t.tf")
	if err != nil {
		t.Fatal(err)
	}
	for name, a := range got.Attributes {
		want, _ := body.Attributes[name].Expr.Value(nil)
		v, diags := a.Expr.Value(nil)
		if diags.HasErrors() || !v.RawEquals(want) {
			t.Errorf("%s = %#v (%v), want %#v", name, v, diags, want)
		}
	}
}

// Encode refuses what it cannot give back exactly.
func TestEncodeRefuses(t *testing.T) {
	body := parse(t, "a.tf", []byte("x = 1\n"))
	if _, err := Encode(body, "b.tf"); err == nil || !strings.Contains(err.Error(), `"a.tf"`) {
		t.Errorf("a range in another file: %v", err)
	}
	broken, _ := hclsyntax.ParseConfig([]byte("x = (\n"), "c.tf", hcl.InitialPos)
	if _, err := Encode(broken.Body.(*hclsyntax.Body), "c.tf"); err == nil {
		t.Error("a syntax error placeholder was written")
	}
	foreign := &hclsyntax.Body{Attributes: hclsyntax.Attributes{"y": {Name: "y", Expr: &hclsyntax.BinaryOpExpr{
		LHS: &hclsyntax.LiteralValueExpr{Val: cty.True}, Op: &hclsyntax.Operation{}, RHS: &hclsyntax.LiteralValueExpr{Val: cty.True}}}}}
	if _, err := Encode(foreign, ""); err == nil || !strings.Contains(err.Error(), "operation") {
		t.Errorf("a foreign operation: %v", err)
	}
	misfiled := &hclsyntax.Body{Attributes: hclsyntax.Attributes{"y": {Name: "z"}}}
	if _, err := Encode(misfiled, ""); err == nil {
		t.Error("an attribute filed under another name was written")
	}
}

// Every truncation and every flipped byte of an encoding is refused or
// read without a panic; a truncation is always refused.
func TestDecodeDamaged(t *testing.T) {
	body := parse(t, "every.tf", []byte(everySyntax))
	data, err := Encode(body, "every.tf")
	if err != nil {
		t.Fatal(err)
	}
	for n := range len(data) {
		if _, err := Decode(data[:n], "every.tf"); err == nil {
			t.Fatalf("a truncation to %d of %d bytes decoded", n, len(data))
		}
	}
	if _, err := Decode(append(data[:len(data):len(data)], 0), "every.tf"); err == nil {
		t.Error("a trailing byte was accepted")
	}
	for i := range data {
		bad := append([]byte(nil), data...)
		bad[i] ^= 0xff
		_, _ = Decode(bad, "every.tf")
	}
}

func FuzzDecode(f *testing.F) {
	body := parse(f, "every.tf", []byte(everySyntax))
	data, err := Encode(body, "every.tf")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Fuzz(func(t *testing.T, b []byte) {
		_, _ = Decode(b, "f.tf")
	})
}

// The node structs hold the fields this package writes: a field hclsyntax
// adds is a test failure here, not a value silently left out.
func TestFieldsPinned(t *testing.T) {
	want := map[reflect.Type]string{
		reflect.TypeFor[hclsyntax.Body]():                  "Attributes Blocks hiddenAttrs hiddenBlocks SrcRange EndRange",
		reflect.TypeFor[hclsyntax.Attribute]():             "Name Expr SrcRange NameRange EqualsRange",
		reflect.TypeFor[hclsyntax.Block]():                 "Type Labels Body TypeRange LabelRanges OpenBraceRange CloseBraceRange",
		reflect.TypeFor[hclsyntax.LiteralValueExpr]():      "Val SrcRange",
		reflect.TypeFor[hclsyntax.ScopeTraversalExpr]():    "Traversal SrcRange",
		reflect.TypeFor[hclsyntax.RelativeTraversalExpr](): "Source Traversal SrcRange",
		reflect.TypeFor[hclsyntax.FunctionCallExpr]():      "Name Args ExpandFinal NameRange OpenParenRange CloseParenRange",
		reflect.TypeFor[hclsyntax.ConditionalExpr]():       "Condition TrueResult FalseResult SrcRange",
		reflect.TypeFor[hclsyntax.IndexExpr]():             "Collection Key SrcRange OpenRange BracketRange",
		reflect.TypeFor[hclsyntax.TupleConsExpr]():         "Exprs SrcRange OpenRange",
		reflect.TypeFor[hclsyntax.ObjectConsExpr]():        "Items SrcRange OpenRange",
		reflect.TypeFor[hclsyntax.ObjectConsItem]():        "KeyExpr ValueExpr",
		reflect.TypeFor[hclsyntax.ObjectConsKeyExpr]():     "Wrapped ForceNonLiteral",
		reflect.TypeFor[hclsyntax.ForExpr]():               "KeyVar ValVar CollExpr KeyExpr ValExpr CondExpr Group SrcRange OpenRange CloseRange",
		reflect.TypeFor[hclsyntax.SplatExpr]():             "Source Each Item SrcRange MarkerRange",
		reflect.TypeFor[hclsyntax.BinaryOpExpr]():          "LHS Op RHS SrcRange",
		reflect.TypeFor[hclsyntax.UnaryOpExpr]():           "Op Val SrcRange SymbolRange",
		reflect.TypeFor[hclsyntax.TemplateExpr]():          "Parts SrcRange",
		reflect.TypeFor[hclsyntax.TemplateJoinExpr]():      "Tuple",
		reflect.TypeFor[hclsyntax.TemplateWrapExpr]():      "Wrapped SrcRange",
		reflect.TypeFor[hclsyntax.ParenthesesExpr]():       "Expression SrcRange",
		reflect.TypeFor[hcl.TraverseRoot]():                "isTraverser Name SrcRange",
		reflect.TypeFor[hcl.TraverseAttr]():                "isTraverser Name SrcRange",
		reflect.TypeFor[hcl.TraverseIndex]():               "isTraverser Key SrcRange",
		reflect.TypeFor[hcl.TraverseSplat]():               "isTraverser Each SrcRange",
		reflect.TypeFor[hcl.Range]():                       "Filename Start End",
		reflect.TypeFor[hcl.Pos]():                         "Line Column Byte",
	}
	for typ, fields := range want {
		var got []string
		for i := range typ.NumField() {
			got = append(got, typ.Field(i).Name)
		}
		if strings.Join(got, " ") != fields {
			t.Errorf("%s has fields %q, written are %q", typ, strings.Join(got, " "), fields)
		}
	}
	if typ := reflect.TypeFor[hclsyntax.AnonSymbolExpr](); typ.Field(0).Name != "SrcRange" || typ.NumField() != 3 {
		t.Errorf("AnonSymbolExpr changed: %d fields", typ.NumField())
	}
}

// BenchmarkParse and BenchmarkDecode compare parsing every stand-in file
// with reading its encoding back.
func BenchmarkParse(b *testing.B) {
	files := benchCorpus(b)
	b.ResetTimer()
	for b.Loop() {
		for _, f := range files {
			parse(b, f.name, f.src)
		}
	}
}

func BenchmarkDecode(b *testing.B) {
	files := benchCorpus(b)
	b.ResetTimer()
	for b.Loop() {
		for _, f := range files {
			if _, err := Decode(f.enc, f.name); err != nil {
				b.Fatal(err)
			}
		}
	}
}

type benchFile struct {
	name     string
	src, enc []byte
}

func benchCorpus(b *testing.B) []benchFile {
	var out []benchFile
	var size, enc int
	_ = fs.WalkDir(models.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".tf") {
			return err
		}
		src, _ := fs.ReadFile(models.FS, p)
		data, err := Encode(parse(b, p, src), p)
		if err != nil {
			b.Fatal(err)
		}
		size, enc = size+len(src), enc+len(data)
		out = append(out, benchFile{p, src, data})
		return nil
	})
	b.ReportMetric(float64(enc)/float64(size), "enc/src")
	return out
}
