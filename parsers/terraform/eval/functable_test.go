package eval

import (
	"path/filepath"
	"slices"
	"testing"
)

// TestFunctionTableServesEachRoot evaluates two roots one after the
// other, so the second reuses the first one's function table: its
// functions must read the second root's directory, budget and template
// list, never the first's (which ran out of budget).
func TestFunctionTableServesEachRoot(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"a/main.tf": `
output "f" { value = file("a.txt") }
locals { p = setproduct(range(1024), range(1024), range(1024)) }
output "big" { value = length(local.p) }
`,
		"a/a.txt": "A",
		"b/main.tf": `
output "f" { value = file("b.txt") }
output "n" { value = length(range(10)) }
output "t" { value = templatefile("t.tpl", { x = "y" }) }
`,
		"b/b.txt": "B",
		"b/t.tpl": "x=${x}",
	})
	l := testSession(Options{Root: dir})
	a := l.Evaluate(filepath.Join(dir, "a"))
	if a.RootBudget.Ok() {
		t.Fatal("root a stayed within its budget; the test needs it to run out")
	}
	b := l.Evaluate(filepath.Join(dir, "b"))
	if len(l.freeFuncs) != 1 {
		t.Fatalf("%d free function tables after two roots one after the other, want 1 (reused)", len(l.freeFuncs))
	}
	if !b.RootBudget.Ok() {
		t.Fatalf("root b ran out of budget: %+v", b.RootBudget.hit)
	}
	want := map[string]string{"f": "B", "n": "10", "t": "x=y"}
	for name, w := range want {
		v := b.Holes.ToValue(b.rootInst.outputs[name])
		if s, ok := v.Str(); !ok || s != w {
			t.Errorf("root b output %s = %v, want %q", name, v, w)
		}
	}
	if tpl := filepath.Join(dir, "b", "t.tpl"); !slices.Contains(b.Templates, tpl) || slices.Contains(a.Templates, tpl) {
		t.Errorf("templates: a %v, b %v; want b/t.tpl in b's only", a.Templates, b.Templates)
	}
}
