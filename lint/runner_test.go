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
