package eval

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// A template is parsed once for its name and source, and the kept parse
// renders what a fresh one does; one that does not parse is not kept.
func TestParseTemplateOnce(t *testing.T) {
	src := "role: ${role}\n%{ for n in names ~}\n- ${n}\n%{ endfor ~}\n"
	a, x, diags := parseTemplate(src, "values/nodes.yaml.tftpl")
	if x != nil || diags.HasErrors() {
		t.Fatalf("parse: %v %v", x, diags)
	}
	b, _, _ := parseTemplate(src, "values/nodes.yaml.tftpl")
	if a != b {
		t.Error("the same template was parsed twice")
	}
	if c, _, _ := parseTemplate(src, "other.tftpl"); c == a {
		t.Error("another file's template shares the parse (its positions name the file)")
	}
	if c, _, _ := parseTemplate(src+"\n", "values/nodes.yaml.tftpl"); c == a {
		t.Error("another source shares the parse")
	}
	vars := cty.ObjectVal(map[string]cty.Value{"role": cty.StringVal("general"), "names": cty.ListVal([]cty.Value{cty.StringVal("a"), cty.StringVal("b")})})
	first, err := renderTemplate(src, vars, nil, newBudget(defaultLimits))
	if err != nil {
		t.Fatal(err)
	}
	again, err := renderTemplate(src, vars, nil, newBudget(defaultLimits))
	if err != nil || again != first || first != "role: general\n- a\n- b\n" {
		t.Errorf("rendered %q then %q (%v)", first, again, err)
	}
	bad := "${"
	if _, _, diags := parseTemplate(bad, "broken.tftpl"); !diags.HasErrors() {
		t.Fatal("a broken template parsed")
	}
	parsedTemplates.mu.Lock()
	_, kept := parsedTemplates.exprs[templateKey{"broken.tftpl", bad}]
	parsedTemplates.mu.Unlock()
	if kept {
		t.Error("a template that does not parse was kept")
	}
}

// Text with no ${ or %{ renders as itself without being parsed, exactly
// as hcl renders it: backslashes, a lone $ or %, $$ and %% not before {,
// carriage returns and text to be normalised.
func TestParseTemplatePlainText(t *testing.T) {
	for _, src := range []string{
		"",
		"apiVersion: v1\nkind: ConfigMap\r\ndata:\n  path: C:\\temp\\n\n",
		"price: $5 and 100% { braces } $$ %% $ {x} % {y}\n",
		"name: cafe\u0301\n",
		"\t tab\n\n\n",
	} {
		if !plainText(src) {
			t.Fatalf("%q is not plain text", src)
		}
		expr, x, diags := parseTemplate(src, "plain.tftpl")
		if x != nil || diags.HasErrors() {
			t.Fatalf("%q: %v %v", src, x, diags)
		}
		got, diags := expr.Value(nil)
		if diags.HasErrors() {
			t.Fatalf("%q: %v", src, diags)
		}
		parsed, diags := hclsyntax.ParseTemplate([]byte(src), "plain.tftpl", hcl.InitialPos)
		if diags.HasErrors() {
			t.Fatalf("%q: hcl: %v", src, diags)
		}
		want, diags := parsed.Value(nil)
		if diags.HasErrors() || !got.RawEquals(want) {
			t.Errorf("%q: rendered %#v, hcl renders %#v (%v)", src, got, want, diags)
		}
	}
	for _, src := range []string{"a ${b}", "%{ if true }x%{ endif }", "$${escaped}", "%%{escaped}"} {
		if plainText(src) {
			t.Errorf("%q taken as plain text", src)
		}
	}
}
