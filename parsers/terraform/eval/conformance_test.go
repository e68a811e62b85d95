package eval

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
	// newer is what changed in a later Terraform than the one that wrote
	// expected.json; newerJSON is the later value, which faultline gives.
	newer, newerJSON string
	// decides says why faultline knows a value Terraform leaves unknown
	// (a literal suffix decides endswith whatever the hole holds);
	// decidedJSON is that value.
	decides, decidedJSON string
}

// confExpected is one case as Terraform evaluated it.
type confExpected struct {
	Name  string `json:"name"`
	Expr  string `json:"expr"`
	JSON  string `json:"json"`
	Type  string `json:"type"`
	Error string `json:"error"`
	// Unknown is set when Terraform leaves the value unknown itself.
	Unknown bool `json:"unknown"`
}

// TestConformance evaluates every case with faultline's evaluator, as a
// local of a root module loaded like any other, and compares it with the
// value and type Terraform returned. A known value that differs from
// Terraform's is a failure; so is a known value where Terraform reports an
// error, and an unknown value the case does not explain.
func TestConformance(t *testing.T) {
	cases := readConfCases(t)
	want := readConfExpected(t)
	fixture := readConfFixture(t)
	var tally confTally
	for _, c := range cases {
		w, ok := want[c.name]
		if !ok || w.Expr != c.expr {
			t.Errorf("%s: expected.json is stale (run go run -tags devtools ./scripts/conformance)", c.name)
			continue
		}
		got := evalConfCase(t, fixture, c.expr)
		if msg := judgeConfCase(c, w, got); msg != "" {
			t.Errorf("%s: %s\n  expr: %s", c.name, msg, c.expr)
			continue
		}
		tally.count(c, w)
	}
	agree := tally.values + tally.errors + tally.unknown + tally.newer + tally.decided
	t.Logf("conformance: %d of %d cases agree with Terraform (%.1f%%): %d equal values, %d Terraform errors or unknowns left unknown, %d unknown by design (unknown_because), %d as a newer Terraform answers (newer_terraform), %d decided where Terraform leaves them unknown (faultline_decides)",
		agree, len(cases), 100*float64(agree)/float64(len(cases)), tally.values, tally.errors, tally.unknown, tally.newer, tally.decided)
}

// TestConformanceInModule evaluates the cases again inside a local module
// (module call, variables of the child, output read by the root). A known
// value must be Terraform's; an unknown one must be unknown at the root too,
// or come from a null in Terraform's value (a module output's null leaves
// are read as holes, as for any module whose outputs are not all known).
// Cases reading path.* differ by design (path.module is the child's).
func TestConformanceInModule(t *testing.T) {
	cases := readConfCases(t)
	want := readConfExpected(t)
	fixture := readConfFixture(t)
	same, unknown, skipped := 0, 0, 0
	for _, c := range cases {
		w := want[c.name]
		if w.Expr != c.expr || strings.Contains(c.expr, "path.") {
			skipped++
			continue
		}
		got := evalConfCaseInModule(t, fixture, c.expr)
		if !got.known {
			if root := evalConfCase(t, fixture, c.expr); root.known && !strings.Contains(w.JSON, "null") {
				t.Errorf("%s: unknown through a module, known at the root (%s %s)\n  expr: %s", c.name, root.typ, root.json, c.expr)
				continue
			}
			unknown++
			continue
		}
		if msg := judgeConfCase(c, w, got); msg != "" {
			t.Errorf("%s (in a module): %s\n  expr: %s", c.name, msg, c.expr)
			continue
		}
		same++
	}
	t.Logf("conformance in a module: %d cases known and equal to Terraform's, %d unknown (as at the root, or null leaves), %d skipped (path.*)", same, unknown, skipped)
}

// TestConformanceJSON evaluates the one-line cases again in JSON syntax
// (.tf.json), where each is a "${...}" template: the same values, or
// unknown where they are unknown in native syntax.
func TestConformanceJSON(t *testing.T) {
	cases := readConfCases(t)
	want := readConfExpected(t)
	fixture := readConfFixture(t)
	same, unknown, skipped := 0, 0, 0
	for _, c := range cases {
		w := want[c.name]
		if w.Expr != c.expr || strings.Contains(c.expr, "\n") {
			skipped++
			continue
		}
		got := evalConfCaseJSON(t, fixture, c.expr)
		if !got.known {
			if native := evalConfCase(t, fixture, c.expr); native.known {
				t.Errorf("%s: unknown in JSON syntax, known in native syntax (%s %s)\n  expr: %s", c.name, native.typ, native.json, c.expr)
				continue
			}
			unknown++
			continue
		}
		if msg := judgeConfCase(c, w, got); msg != "" {
			t.Errorf("%s (JSON syntax): %s\n  expr: %s", c.name, msg, c.expr)
			continue
		}
		same++
	}
	t.Logf("conformance in JSON syntax: %d cases known and equal to Terraform's, %d unknown as in native syntax, %d skipped (multi-line)", same, unknown, skipped)
}

// confTally counts the cases that agree, by kind.
type confTally struct{ values, errors, unknown, newer, decided int }

func (c *confTally) count(k confCase, w confExpected) {
	switch {
	case k.newer != "":
		c.newer++
	case k.decides != "":
		c.decided++
	case k.unknownBecause != "":
		c.unknown++
	case w.Error != "" || w.Unknown:
		c.errors++
	default:
		c.values++
	}
}

// confResult is faultline's value for a case.
type confResult struct {
	known      bool
	json, typ  string
	encodeFail error
}

// readConfFixture returns the files of every case's root module:
// variables.tf and files/*, by relative path.
func readConfFixture(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	b, err := os.ReadFile(filepath.Join(conformanceDir, "variables.tf"))
	if err != nil {
		t.Fatal(err)
	}
	out["variables.tf"] = string(b)
	entries, err := os.ReadDir(filepath.Join(conformanceDir, "files"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(conformanceDir, "files", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out["files/"+e.Name()] = string(b)
	}
	return out
}

// evalConfCase evaluates expr as `locals { x = expr }` beside the suite's
// variables and files, through the loader every root module goes through.
func evalConfCase(t *testing.T, fixture map[string]string, expr string) confResult {
	t.Helper()
	files := map[string]string{"main.tf": "locals {\n  x = " + expr + "\n}\n"}
	for k, v := range fixture {
		files[k] = v
	}
	dir := writeTree(t, files)
	e := testSession(Options{Root: dir}).Evaluate(dir)
	if e.rootInst == nil {
		return confResult{}
	}
	return confValue(e.rootInst.locals["x"])
}

// evalConfCaseInModule evaluates expr in a local module called by the
// root, read back through the module's output: the variables and the
// expression are the child's, the files stay in the root (where
// Terraform resolves relative paths).
func evalConfCaseInModule(t *testing.T, fixture map[string]string, expr string) confResult {
	t.Helper()
	files := map[string]string{
		"main.tf":           "module \"case\" {\n  source = \"./case\"\n}\nlocals {\n  x = module.case.x\n}\n",
		"case/main.tf":      "locals {\n  x = " + expr + "\n}\noutput \"x\" {\n  value = local.x\n}\n",
		"case/variables.tf": fixture["variables.tf"],
	}
	for k, v := range fixture {
		if k != "variables.tf" {
			files[k] = v
		}
	}
	dir := writeTree(t, files)
	e := testSession(Options{Root: dir}).Evaluate(dir)
	if e.rootInst == nil {
		return confResult{}
	}
	return confValue(e.rootInst.locals["x"])
}

// evalConfCaseJSON evaluates expr in JSON syntax, main.tf.json's
// {"locals": {"x": "${expr}"}}: a template of one interpolation, whose
// value is the expression's.
func evalConfCaseJSON(t *testing.T, fixture map[string]string, expr string) confResult {
	t.Helper()
	body, err := json.Marshal(map[string]any{"locals": map[string]string{"x": "${" + expr + "}"}})
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{"main.tf.json": string(body)}
	for k, v := range fixture {
		files[k] = v
	}
	dir := writeTree(t, files)
	e := testSession(Options{Root: dir}).Evaluate(dir)
	if e.rootInst == nil {
		return confResult{}
	}
	return confValue(e.rootInst.locals["x"])
}

// confValue is what a case's value tells: unknown (holes included), or
// its JSON and type.
func confValue(v cty.Value) confResult {
	if v == cty.NilVal {
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
	case c.newer != "" && w.Error == "" && !w.Unknown && w.JSON == c.newerJSON:
		return fmt.Sprintf("Terraform now gives the newer value %s: remove newer_terraform", w.JSON)
	case c.newer != "" && (!got.known || got.json != c.newerJSON):
		return fmt.Sprintf("faultline gives %s %s, newer Terraform %s (%s)", got.typ, got.json, c.newerJSON, c.newer)
	case c.newer != "":
		return ""
	case c.decides != "" && !w.Unknown:
		return "Terraform knows this value now: remove faultline_decides"
	case c.decides != "" && (!got.known || got.json != c.decidedJSON):
		return fmt.Sprintf("faultline gives %s %s, want %s (%s)", got.typ, got.json, c.decidedJSON, c.decides)
	case c.decides != "":
		return ""
	case c.unknownBecause != "" && got.known:
		return fmt.Sprintf("documented as unknown (%s) but faultline knows it: %s %s", c.unknownBecause, got.typ, got.json)
	case c.unknownBecause != "":
		return ""
	case w.Error != "" && got.known:
		return fmt.Sprintf("Terraform fails (%s) but faultline gives %s %s", w.Error, got.typ, got.json)
	case w.Error != "":
		return ""
	case w.Unknown && got.known:
		return fmt.Sprintf("Terraform leaves it unknown but faultline gives %s %s", got.typ, got.json)
	case w.Unknown:
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
		c.unknownBecause = confString(t, b, "unknown_because")
		c.newer = confString(t, b, "newer_terraform")
		c.newerJSON = confString(t, b, "newer_terraform_json")
		c.decides = confString(t, b, "faultline_decides")
		c.decidedJSON = confString(t, b, "faultline_json")
		if (c.newer == "") != (c.newerJSON == "") || (c.decides == "") != (c.decidedJSON == "") {
			t.Fatalf("%s: newer_terraform goes with newer_terraform_json, faultline_decides with faultline_json", b.DefRange())
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		t.Fatal("no conformance cases")
	}
	return out
}

// confString reads an optional string attribute of a case.
func confString(t *testing.T, b *hclsyntax.Block, name string) string {
	t.Helper()
	a, ok := b.Body.Attributes[name]
	if !ok {
		return ""
	}
	v, diags := a.Expr.Value(nil)
	if diags.HasErrors() || v.Type() != cty.String || v.IsNull() {
		t.Fatalf("%s: %s must be a string", b.DefRange(), name)
	}
	return v.AsString()
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

// TestLengthGuardedForEach is the case at resource level: a
// for_each guarded by `length(var.outpost_config) > 0` (type any, default
// {}) expands to its instances instead of being dropped as unknowable.
func TestLengthGuardedForEach(t *testing.T) {
	dir := writeTree(t, map[string]string{"main.tf": `
variable "outpost_config" {
  type    = any
  default = {}
}
variable "node_groups" {
  type    = any
  default = { general = { min_size = 1 }, gpu = { min_size = 0 } }
}
locals {
  on_outpost = length(var.outpost_config) > 0
}
resource "aws_eks_node_group" "this" {
  for_each        = { for k, v in var.node_groups : k => v if !local.on_outpost }
  node_group_name = each.key
}
`})
	e := testSession(Options{Root: dir}).Evaluate(dir)
	v := e.rootInst.resources["aws_eks_node_group"]["this"]
	if !v.IsKnown() || !v.Type().IsObjectType() {
		t.Fatalf("node groups = %#v, want one instance per key", v)
	}
	for _, k := range []string{"general", "gpu"} {
		if !v.Type().HasAttribute(k) {
			t.Errorf("no instance %q in %#v", k, v)
		}
	}
	for _, n := range e.Notes {
		t.Errorf("unexpected note: %s", n.What)
	}
}
