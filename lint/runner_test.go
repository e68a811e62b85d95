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

// One finding per rule, range and key, whatever the wording: the second
// reading of one chain (a manifest reached twice) adds only the related
// locations the first lacks.
func TestDedupeByRuleRangeKey(t *testing.T) {
	at := Range{File: "main.tf", Line: 8, Column: 3, EndLine: 8, EndColumn: 30}
	sa := func(f string) Location {
		return Location{Range: Range{File: f, Line: 2, Column: 1}, Message: "bound here"}
	}
	fs := []Finding{
		{Rule: "FL201", Range: at, Key: "role=r|sa=s", Message: "runs as kube-system:dns", Related: []Location{sa("a.yaml")}},
		{Rule: "FL201", Range: at, Key: "role=r|sa=s", Message: "runs as kube-system:dns (worded otherwise)", Related: []Location{sa("a.yaml"), sa("b.yaml")}},
		{Rule: "FL202", Range: at, Key: "role=r|sa=s", Message: "another rule"},
		{Rule: "FL201", Range: at, Key: "role=r|sa=t", Message: "another key"},
		{Rule: "FL201", Range: Range{File: "main.tf", Line: 9, Column: 3}, Key: "role=r|sa=s", Message: "another range"},
	}
	got := Dedupe(fs)
	if len(got) != 4 {
		t.Fatalf("%d findings, want 4: %+v", len(got), got)
	}
	if got[0].Message != "runs as kube-system:dns" || len(got[0].Related) != 2 || got[0].Related[1].File != "b.yaml" {
		t.Errorf("kept %+v, want the first with both related locations", got[0])
	}
}

// Findings that read alike at one range name their roots when their roots
// differ; when nothing tells them apart they are one finding. Severity
// and suppression keep findings apart.
func TestNameRoots(t *testing.T) {
	at := Range{File: "modules/irsa/main.tf", Line: 8, Column: 3}
	msg := "trust of role r allows x; the service account runs as y"
	fs := []Finding{
		{Rule: "FL201", Severity: Error, Range: at, Key: "role=live/prod:r", Message: msg, Roots: []string{"live/prod"}},
		{Rule: "FL201", Severity: Error, Range: at, Key: "role=live/staging:r", Message: msg, Roots: []string{"live/staging"}},
		{Rule: "FL201", Severity: Error, Range: at, Key: "role=iam:r|sa=apps:s", Message: msg, Roots: []string{"apps", "iam"}},
		{Rule: "FL201", Severity: Error, Range: at, Key: "role=r|sa=x.yaml", Message: msg},
	}
	got := NameRoots(fs)
	want := []string{msg + " (in root live/prod)", msg + " (in root live/staging)", msg + " (in roots apps and iam)", msg}
	if len(got) != len(want) {
		t.Fatalf("%d findings, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i].Message != want[i] {
			t.Errorf("message %d = %q, want %q", i, got[i].Message, want[i])
		}
	}

	// Messages that differ (what else each root's instance holds) at one
	// range, from two roots: each names its root still.
	fs = []Finding{
		{Rule: "FL502", Severity: Warning, Range: at, Key: "a", Message: "value x is never read", Roots: []string{"live/a"}},
		{Rule: "FL502", Severity: Warning, Range: at, Key: "b", Message: "value x is never read; 1 other release takes it too", Roots: []string{"live/b"}},
	}
	got = NameRoots(fs)
	if len(got) != 2 || got[0].Message != "value x is never read (in root live/a)" || got[1].Message != "value x is never read; 1 other release takes it too (in root live/b)" {
		t.Errorf("got %+v, want each root named", got)
	}

	// Alike with the same roots (two copies of a manifest): one finding.
	// Another severity or a suppression keeps them apart.
	sa := func(f string) []Location { return []Location{{Range: Range{File: f, Line: 1, Column: 1}}} }
	fs = []Finding{
		{Rule: "FL201", Severity: Error, Range: at, Key: "sa=a.yaml", Message: msg, Related: sa("a.yaml")},
		{Rule: "FL201", Severity: Error, Range: at, Key: "sa=b.yaml", Message: msg, Related: sa("b.yaml")},
		{Rule: "FL201", Severity: Warning, Range: at, Key: "sa=c.yaml", Message: msg},
		{Rule: "FL201", Severity: Error, Range: at, Key: "sa=d.yaml", Message: msg, Suppressed: &Suppression{Reason: "known"}},
	}
	got = NameRoots(fs)
	if len(got) != 3 || len(got[0].Related) != 2 || got[0].Message != msg {
		t.Errorf("got %+v, want the two errors as one (both related), the warning and the suppressed one apart", got)
	}
}

// A finding resting on one root is folded into an alike one resting on
// that root and another (two roots naming one cluster alike): one
// finding, with no root named since no other reads alike; one resting
// on no root, or on roots that are not a superset, stays.
func TestNameRootsFoldsSubsets(t *testing.T) {
	at := Range{File: "envs/staging/main.tf", Line: 32, Column: 13}
	msg := "security group g is selected by Karpenter EC2NodeClass default and also attached to managed node group n"
	rel := func(f string) []Location { return []Location{{Range: Range{File: f, Line: 2, Column: 1}}} }
	fs := []Finding{
		{Rule: "FL103", Severity: Notice, Range: at, Key: "a", Message: msg, Roots: []string{"envs/staging"}, Related: rel("a.tf")},
		{Rule: "FL103", Severity: Notice, Range: at, Key: "b", Message: msg, Roots: []string{"envs/production", "envs/staging"}, Related: rel("b.tf")},
	}
	got := NameRoots(fs)
	if len(got) != 1 || got[0].Message != msg || len(got[0].Roots) != 2 || len(got[0].Related) != 2 {
		t.Errorf("got %+v, want the two-root finding alone, plain message, both related locations", got)
	}

	fs = []Finding{
		{Rule: "FL103", Severity: Notice, Range: at, Key: "a", Message: msg, Roots: []string{"envs/staging"}},
		{Rule: "FL103", Severity: Notice, Range: at, Key: "b", Message: msg, Roots: []string{"envs/production", "envs/qa"}},
		{Rule: "FL103", Severity: Notice, Range: at, Key: "c", Message: msg},
		{Rule: "FL103", Severity: Warning, Range: at, Key: "d", Message: msg, Roots: []string{"envs/production", "envs/staging"}},
	}
	got = NameRoots(fs)
	want := []string{msg + " (in root envs/staging)", msg + " (in roots envs/production and envs/qa)", msg, msg + " (in roots envs/production and envs/staging)"}
	if len(got) != len(want) {
		t.Fatalf("%d findings, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i].Message != want[i] {
			t.Errorf("message %d = %q, want %q", i, got[i].Message, want[i])
		}
	}
}

// TestFingerprintsDistinct: two findings of one rule, file and message
// (FL000 "Invalid character" on two lines) get two fingerprints, the
// first the plain one; a finding alone keeps its plain one.
func TestFingerprintsDistinct(t *testing.T) {
	at := func(line int) Range {
		return Range{File: "main.tf", Line: line, Column: 1, EndLine: line, EndColumn: 2}
	}
	fs := []Finding{
		{Rule: "FL000", Range: at(3), Message: "Invalid character"},
		{Rule: "FL000", Range: at(1), Message: "Invalid character"},
		{Rule: "FL000", Range: at(2), Message: "Missing newline"},
	}
	fs = Postprocess(fs, nil, Options{})
	alone := []Finding{{Rule: "FL000", Range: at(7), Message: "Invalid character"}}
	Fingerprint(alone)
	if fs[0].Fingerprint == fs[2].Fingerprint || fs[0].Fingerprint != alone[0].Fingerprint || fs[0].Range.Line != 1 {
		t.Errorf("fingerprints %s (line %d), %s, %s; alone %s", fs[0].Fingerprint, fs[0].Range.Line, fs[1].Fingerprint, fs[2].Fingerprint, alone[0].Fingerprint)
	}
}
