package lint

import (
	"fmt"
	"reflect"
	"testing"
)

// Rules run at once give each its own pass, in the rules' order, and the
// same passes as one after another: every rule here reads the model's
// indexes (Lookup) and a value several rules share (Memo).
func TestCheckAllKeepsRuleOrder(t *testing.T) {
	m := &Model{}
	for i := range 8 {
		m.Add(&Role{Object: Object{Kind: KindRole, Addr: fmt.Sprintf("aws_iam_role.r%d", i)}})
	}
	m.Sort()
	m.prepare()
	shared := 0
	var rules []*Rule
	for i := range 40 {
		rules = append(rules, &Rule{ID: fmt.Sprintf("FL9%02d", i), Check: func(p *Pass) {
			n := m.Memo("shared", func() any { shared++; return 7 }).(int)
			if e := p.Model.Lookup(fmt.Sprintf("aws_iam_role.r%d", i%8)); e != nil {
				p.Report(Finding{Range: at(fmt.Sprintf("r%d.tf", i), n), Message: e.Base().Addr})
			}
		}})
	}
	got := checkAll(rules, m, nil)
	if shared != 1 {
		t.Errorf("the shared value was computed %d times, want once", shared)
	}
	for i, p := range got {
		if p.Rule != rules[i] {
			t.Fatalf("pass %d is %s's, want %s's", i, p.Rule.ID, rules[i].ID)
		}
		want := &Pass{Rule: rules[i], Model: m}
		rules[i].Check(want)
		if !reflect.DeepEqual(p.findings, want.findings) || len(p.findings) != 1 {
			t.Errorf("%s: %+v at once, %+v alone", rules[i].ID, p.findings, want.findings)
		}
	}
}

// A rule reporting a range whose end lies before its start (line 21 to
// line 19, as a key's start joined to its value's end elsewhere gave) is
// caught before any report: no panic, and the range ends where it starts.
// The same for related locations and for a finding that reaches
// Postprocess without a pass.
func TestRunValidatesRanges(t *testing.T) {
	bad := Range{File: "a.yaml", Line: 21, Column: 5, EndLine: 19, EndColumn: 30}
	sameLine := Range{File: "a.yaml", Line: 4, Column: 9, EndLine: 4, EndColumn: 2}
	rule := &Rule{ID: "FL999", Name: "bad-range", Severity: Error, Check: func(p *Pass) {
		p.Report(Finding{Range: bad, Message: "m", Related: []Location{{Range: sameLine, Message: "r"}}})
	}}
	res := Run(Input{}, []*Rule{rule}, Options{})
	if len(res.Findings) != 1 {
		t.Fatalf("findings = %+v, want one", res.Findings)
	}
	f := res.Findings[0]
	if want := (Range{File: "a.yaml", Line: 21, Column: 5, EndLine: 21, EndColumn: 5}); f.Range != want {
		t.Errorf("range = %+v, want %+v", f.Range, want)
	}
	if want := (Range{File: "a.yaml", Line: 4, Column: 9, EndLine: 4, EndColumn: 9}); f.Related[0].Range != want {
		t.Errorf("related range = %+v, want %+v", f.Related[0].Range, want)
	}
	direct := Postprocess([]Finding{{Rule: "FL999", Range: bad}}, []*Rule{rule}, Options{})
	if r := direct[0].Range; r.EndLine != 21 || r.EndColumn != 5 {
		t.Errorf("Postprocess left range %+v", r)
	}
	// A valid range, and a range without a line (a whole file), are kept.
	good := Range{File: "a.tf", Line: 3, Column: 1, EndLine: 9, EndColumn: 2}
	if good.Valid() != good {
		t.Errorf("valid range changed: %+v", good.Valid())
	}
	if file := (Range{File: "a.tf"}); file.Valid() != file {
		t.Errorf("whole-file range changed: %+v", file.Valid())
	}
}
