package eval

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
)

// TestConfigEvalReplayAsEvaluated measures a configuration's evaluation
// (Mark, Since) and replays it under budgets of every size around what
// it cost, in each bound: a replay Replay accepts must leave the budget
// as evaluating anew does, and evaluating anew must then stay within the
// budget; one it refuses charges nothing.
func TestConfigEvalReplayAsEvaluated(t *testing.T) {
	src := `[for i in range(40) : regex("[a-z]+[0-9]", format("%s-abc%d", join("", [for j in range(i % 5) : "x"]), i))]`
	expr := configExpr(t, src)
	eval := func(c *ConfigEval) {
		c.Value(expr, &hcl.EvalContext{Functions: c.Table()})
	}
	first := NewConfigEval(nil, t.TempDir(), nil)
	m := first.Mark()
	eval(first)
	cost, ok := first.Since(m)
	if !ok || cost.s.evals == 0 || cost.s.regexSteps == 0 {
		t.Fatalf("cost %+v, ok %v: want evaluations and regular expression steps", cost.s, ok)
	}
	bounds := map[string]func(b *budget) *int64{
		"evals":      func(b *budget) *int64 { return &b.evals },
		"elements":   func(b *budget) *int64 { return &b.elements },
		"bytes":      func(b *budget) *int64 { return &b.bytes },
		"regexSteps": func(b *budget) *int64 { return &b.regexSteps },
	}
	limits := map[string]func(b *budget) int64{
		"evals":      func(b *budget) int64 { return b.lim.evals },
		"elements":   func(b *budget) int64 { return b.lim.elements },
		"bytes":      func(b *budget) int64 { return b.lim.bytes },
		"regexSteps": func(b *budget) int64 { return b.lim.regexSteps },
	}
	spent := map[string]int64{"evals": cost.s.evals, "elements": cost.s.elements, "bytes": cost.s.bytes, "regexSteps": cost.s.regexSteps}
	room := map[string]int64{"evals": cost.s.evals, "elements": int64(cost.s.roomElements), "bytes": int64(cost.s.roomBytes), "regexSteps": int64(cost.s.roomRegex)}
	dir := t.TempDir()
	fresh, replayed := NewConfigEval(nil, dir, nil), NewConfigEval(nil, dir, nil)
	replays := 0
	for name, field := range bounds {
		var lefts []int64
		for _, n := range []int64{spent[name], room[name]} {
			for d := int64(-3); d <= 3; d++ {
				lefts = append(lefts, n+d)
			}
		}
		lefts = append(lefts, 3*spent[name]+64)
		for _, left := range lefts {
			fresh.Reset(dir)
			replayed.Reset(dir)
			*field(fresh.env.b) = limits[name](fresh.env.b) - left
			*field(replayed.env.b) = limits[name](replayed.env.b) - left
			before := *replayed.env.b
			if !replayed.Replay(cost) {
				if after := *replayed.env.b; after.evals != before.evals || after.elements != before.elements || after.bytes != before.bytes || after.regexSteps != before.regexSteps {
					t.Fatalf("%s left %d: a refused replay charged the budget", name, left)
				}
				continue
			}
			replays++
			eval(fresh)
			f, r := fresh.env.b, replayed.env.b
			if !f.Ok() {
				t.Fatalf("%s left %d: replayed, but evaluating anew stops at %s", name, left, f.hit.bound)
			}
			if f.evals != r.evals || f.elements != r.elements || f.bytes != r.bytes || f.regexSteps != r.regexSteps {
				t.Fatalf("%s left %d: replay leaves %d/%d/%d/%d, evaluating %d/%d/%d/%d", name, left, r.evals, r.elements, r.bytes, r.regexSteps, f.evals, f.elements, f.bytes, f.regexSteps)
			}
		}
	}
	if replays == 0 {
		t.Fatal("no replay accepted")
	}
}

// TestConfigEvalMarksNest: the cost measured around an evaluation that
// replays another covers what that replay needed.
func TestConfigEvalMarksNest(t *testing.T) {
	expr := configExpr(t, `[for i in range(30) : regex("[0-9]+", format("%d", i))]`)
	c := NewConfigEval(nil, t.TempDir(), nil)
	inner := c.Mark()
	c.Value(expr, &hcl.EvalContext{Functions: c.Table()})
	cost, _ := c.Since(inner)
	d := NewConfigEval(nil, t.TempDir(), nil)
	outer := d.Mark()
	if !d.Replay(cost) {
		t.Fatal("replay refused on a fresh budget")
	}
	got, ok := d.Since(outer)
	if cost.s.roomRegex <= float64(cost.s.regexSteps) {
		t.Fatalf("inner cost %+v: want room for the searches beyond their steps", cost.s)
	}
	if !ok || got.s.evals != cost.s.evals || got.s.roomElements < cost.s.roomElements || got.s.roomBytes < cost.s.roomBytes || got.s.roomRegex < cost.s.roomRegex {
		t.Fatalf("outer cost %+v, want the inner %+v", got.s, cost.s)
	}
}
