package terraform

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

// conformanceDir holds the suite: cases.hcl (the expressions),
// variables.tf (what they may read) and expected.json (what Terraform
// returned, written by scripts/conformance).
const conformanceDir = "testdata/conformance"

// confCase is one case of cases.hcl.
type confCase struct {
	name, expr string
	// unknownBecause says why faultline knowingly leaves the value
	// unknown; the test then asserts it is unknown.
	unknownBecause string
}

// confExpected is one case as Terraform evaluated it.
type confExpected struct {
	Name  string `json:"name"`
	Expr  string `json:"expr"`
	JSON  string `json:"json"`
	Type  string `json:"type"`
	Error string `json:"error"`
}

// TestConformance evaluates every case with faultline's evaluator, as a
// local of a root module loaded like any other, and compares it with the
// value and type Terraform returned. A known value that differs from
// Terraform's is a failure; so is a known value where Terraform reports an
// error, and an unknown value the case does not explain.
func TestConformance(t *testing.T) {
	cases := readConfCases(t)
	want := readConfExpected(t)
	vars, err := os.ReadFile(filepath.Join(conformanceDir, "variables.tf"))
	if err != nil {
		t.Fatal(err)
	}
	agree, unknown := 0, 0
	for _, c := range cases {
		w, ok := want[c.name]
		if !ok || w.Expr != c.expr {
			t.Errorf("%s: expected.json is stale (run go run ./scripts/conformance)", c.name)
			continue
		}
		got := evalConfCase(t, vars, c.expr)
		msg := judgeConfCase(c, w, got)
		switch {
		case msg != "":
			t.Errorf("%s: %s\n  expr: %s", c.name, msg, c.expr)
		case !got.known:
			agree++
			unknown++
		default:
			agree++
		}
	}
	t.Logf("conformance: %d of %d cases agree with Terraform (%.1f%%); %d of them unknown by design or on a Terraform error",
		agree, len(cases), 100*float64(agree)/float64(len(cases)), unknown)
}

// confResult is faultline's value for a case.
type confResult struct {
	known      bool
	json, typ  string
	encodeFail error
}

// evalConfCase evaluates expr as `locals { x = expr }` beside the suite's
// variables, through the loader every root module goes through.
func evalConfCase(t *testing.T, vars []byte, expr string) confResult {
	t.Helper()
	dir := writeTree(t, map[string]string{
		"variables.tf": string(vars),
		"main.tf":      "locals {\n  x = " + expr + "\n}\n",
	})
	e := newLoader(Options{Root: dir}).evaluate(dir)
	if e.rootInst == nil {
		return confResult{}
	}
	v, ok := e.rootInst.locals["x"]
	if !ok || v == cty.NilVal {
		return confResult{}
	}
	v, _ = v.UnmarkDeep()
	if !v.IsWhollyKnown() || valueHasSentinel(v) {
		return confResult{}
	}
	r := confResult{known: true, typ: consoleType(v.Type())}
	js, err := stdlib.JSONEncode(v)
	if err != nil {
		r.encodeFail = err
		return r
	}
	r.json = js.AsString()
	return r
}

// judgeConfCase compares faultline's result with Terraform's; "" when
// they agree.
func judgeConfCase(c confCase, w confExpected, got confResult) string {
	switch {
	case c.unknownBecause != "" && got.known:
		return fmt.Sprintf("documented as unknown (%s) but faultline knows it: %s %s", c.unknownBecause, got.typ, got.json)
	case c.unknownBecause != "":
		return ""
	case w.Error != "" && got.known:
		return fmt.Sprintf("Terraform fails (%s) but faultline gives %s %s", w.Error, got.typ, got.json)
	case w.Error != "":
		return ""
	case !got.known:
		return fmt.Sprintf("faultline gives unknown, Terraform %s %s (add unknown_because if this is by design)", w.Type, w.JSON)
	case got.encodeFail != nil:
		return fmt.Sprintf("faultline's value does not encode (%v); Terraform %s %s", got.encodeFail, w.Type, w.JSON)
	case got.json != w.JSON || got.typ != w.Type:
		return fmt.Sprintf("faultline %s %s, Terraform %s %s", got.typ, got.json, w.Type, w.JSON)
	}
	return ""
}

// readConfCases parses cases.hcl.
func readConfCases(t *testing.T) []confCase {
	t.Helper()
	path := filepath.Join(conformanceDir, "cases.hcl")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, diags := hclsyntax.ParseConfig(src, path, hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var out []confCase
	for _, b := range f.Body.(*hclsyntax.Body).Blocks {
		a, ok := b.Body.Attributes["expr"]
		if b.Type != "case" || len(b.Labels) != 1 || !ok {
			t.Fatalf("%s: want case \"name\" { expr = ... }", b.DefRange())
		}
		c := confCase{name: b.Labels[0], expr: string(a.Expr.Range().SliceBytes(src))}
		if u, ok := b.Body.Attributes["unknown_because"]; ok {
			v, diags := u.Expr.Value(nil)
			if diags.HasErrors() || v.Type() != cty.String {
				t.Fatalf("%s: unknown_because must be a string", b.DefRange())
			}
			c.unknownBecause = v.AsString()
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		t.Fatal("no conformance cases")
	}
	return out
}

// readConfExpected reads expected.json by case name.
func readConfExpected(t *testing.T) map[string]confExpected {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(conformanceDir, "expected.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Cases []confExpected `json:"cases"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	out := map[string]confExpected{}
	for _, c := range doc.Cases {
		out[c.Name] = c
	}
	return out
}

// consoleType prints a type as Terraform's console does, on one line
// without trailing commas (as scripts/conformance stores it).
func consoleType(ty cty.Type) string {
	switch {
	case ty == cty.DynamicPseudoType:
		return "dynamic"
	case ty.IsPrimitiveType():
		return ty.FriendlyName()
	case ty.IsListType():
		return "list(" + consoleType(ty.ElementType()) + ")"
	case ty.IsSetType():
		return "set(" + consoleType(ty.ElementType()) + ")"
	case ty.IsMapType():
		return "map(" + consoleType(ty.ElementType()) + ")"
	case ty.IsTupleType():
		var parts []string
		for _, et := range ty.TupleElementTypes() {
			parts = append(parts, consoleType(et))
		}
		return "tuple([" + strings.Join(parts, ",") + "])"
	case ty.IsObjectType():
		names := make([]string, 0, len(ty.AttributeTypes()))
		for n := range ty.AttributeTypes() {
			names = append(names, n)
		}
		sort.Strings(names)
		parts := make([]string, 0, len(names))
		for _, n := range names {
			parts = append(parts, n+": "+consoleType(ty.AttributeType(n)))
		}
		return "object({" + strings.Join(parts, ",") + "})"
	}
	return ty.FriendlyName()
}
