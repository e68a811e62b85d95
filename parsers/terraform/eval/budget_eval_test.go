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
