package eval

import (
	"testing"
	"time"
)

// TestBudgetTryKeepsUnknown: try() must not turn an exceeded budget into
// its known fallback.
func TestBudgetTryKeepsUnknown(t *testing.T) {
	t.Parallel()
	dir := writeTree(t, map[string]string{"main.tf": `
output "p" { value = try(length(setproduct(range(1024), range(1024), range(1024))), 0) }
`})
	out := outputs(t, dir, Options{})
	if out["p"].IsKnown() {
		t.Errorf("try() over an exceeded budget is %v, want unknown", out["p"])
	}
}

// TestBudgetDeadline: the wall-clock backstop stops evaluation once passed.
func TestBudgetDeadline(t *testing.T) {
	t.Parallel()
	lim := defaultLimits
	lim.deadline = -time.Second
	b := newBudget(lim)
	for i := 0; i < 2048 && b.step(); i++ {
	}
	if b.hit == nil || b.hit.bound != deadlineBound {
		t.Errorf("hit %+v, want the deadline", b.hit)
	}
}

// TestBudgetJSONSyntaxValues: JSON values evaluated here keep their
// meaning: templates, numbers, nested objects, keys.
func TestBudgetJSONSyntaxValues(t *testing.T) {
	t.Parallel()
	dir := writeTree(t, map[string]string{"main.tf.json": `{
  "locals": { "names": ["a", "b"] },
  "output": {
    "o": { "value": { "upper": "${[for n in local.names : upper(n)]}", "n": 1.5, "flag": true, "none": null, "${local.names[0]}-key": "v" } }
  }
}`})
	l := NewSession(Options{}, nil)
	e := l.Evaluate(dir)
	got := e.rootInst.outputs["o"]
	if !got.IsWhollyKnown() || got.GetAttr("upper").LengthInt() != 2 || got.GetAttr("a-key").AsString() != "v" || !got.GetAttr("none").IsNull() {
		t.Fatalf("output %#v", got)
	}
	if f, _ := got.GetAttr("n").AsBigFloat().Float64(); f != 1.5 || got.GetAttr("flag").True() != true {
		t.Errorf("output %#v", got)
	}
}

// TestBudgetNestedTry: try() evaluates its arguments once per call, so
// nested calls cost the budget linearly (evaluated in try's type too, 24
// levels would take 2²⁴ evaluations, over the budget: unknown).
func TestBudgetNestedTry(t *testing.T) {
	t.Parallel()
	expr := `upper(local.name)`
	for i := 0; i < 24; i++ {
		expr = "try(" + expr + `, "fallback")`
	}
	dir := writeTree(t, map[string]string{"main.tf": `
locals { name = "team" }
output "p" { value = ` + expr + ` }
`})
	out := outputs(t, dir, Options{})
	if s, ok := out["p"].Str(); !ok || s != "TEAM" {
		t.Errorf("24 nested try()s are %v, want TEAM", out["p"])
	}
}

// TestBudgetSelectingFromLargeList: a function that picks elements out of
// a list (element, slice, length, concat …) does not read the strings
// inside it, so they are not charged again at each call. Applying a large
// install manifest with kubectl_file_documents, count and element() is a
// common pattern (Argo CD's install.yaml is about 2 MB in 60 documents):
// 100 calls over a 2 MB list stay within the budget. A function that reads
// the strings (join) is still charged them at each call, and stops.
func TestBudgetSelectingFromLargeList(t *testing.T) {
	t.Parallel()
	const docs = `[for i in range(64) : format("%32000s", i)]`
	for _, c := range []struct {
		call  string
		known bool
	}{
		{"element(local.docs, i)", true},
		{"length(slice(concat(local.docs, []), 0, i % 64))", true},
		{"length(flatten([local.docs]))", true},
		{"length(join(\"\", local.docs))", false},
	} {
		dir := writeTree(t, map[string]string{"main.tf": "locals {\n  docs = " + docs + "\n}\noutput \"o\" { value = [for i in range(100) : " + c.call + "] }\n"})
		e := testSession(Options{Root: dir}).Evaluate(dir)
		if got := e.rootInst.outputs["o"].IsWhollyKnown(); got != c.known {
			n, _ := e.budgetNote()
			t.Errorf("%s: output known %v, want %v (%s)", c.call, got, c.known, n.What)
		}
	}
}
