package lint

import (
	"strings"
	"testing"
	"time"
)

var (
	ruleInput   = &Rule{ID: "FL000", Name: "invalid-input", Severity: Error, Unsuppressible: true}
	ruleIgnores = &Rule{ID: "FL001", Name: "ignore-problem", Severity: Warning, ReportsIgnores: true}
	ruleA       = &Rule{ID: "FL101", Name: "shared-node-role", Severity: Error}
	ruleB       = &Rule{ID: "FL102", Name: "shared-instance-profile", Severity: Error}
	catalogue   = []*Rule{ruleInput, ruleIgnores, ruleA, ruleB}
	day         = time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
)

func at(file string, line int) Range {
	return Range{File: file, Line: line, Column: 1, EndLine: line, EndColumn: 10}
}

func ignoreAt(file string, line, target int, rules ...string) Ignore {
	return Ignore{Rules: rules, Reason: "because", Range: at(file, line), Target: Range{File: file, Line: target, Column: 1, EndLine: target}}
}

// chain is an FL101 finding in nodeclass.yaml with its other end in
// nodes.tf:9.
func chain() Finding {
	return Finding{Rule: "FL101", Range: at("nodeclass.yaml", 7), Related: []Location{{Range: at("nodes.tf", 9), Message: "uses it"}}}
}

func messages(ps []IgnoreProblem) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Ignore.Range.String()+" "+p.Message)
	}
	return out
}

func TestSuppress(t *testing.T) {
	cases := []struct {
		name       string
		findings   []Finding
		ignores    []Ignore
		ran        []*Rule
		suppressed []bool
		problems   []string // substrings, in order
	}{
		{
			name:       "primary end",
			findings:   []Finding{chain()},
			ignores:    []Ignore{ignoreAt("nodeclass.yaml", 6, 7, "FL101")},
			suppressed: []bool{true},
		},
		{
			name:       "other end of the chain",
			findings:   []Finding{chain()},
			ignores:    []Ignore{ignoreAt("nodes.tf", 8, 9, "shared-node-role")},
			suppressed: []bool{true},
		},
		{
			name:       "other rule",
			findings:   []Finding{chain()},
			ignores:    []Ignore{ignoreAt("nodes.tf", 8, 9, "FL102")},
			suppressed: []bool{false},
			problems:   []string{"nodes.tf:8:1 ignore of FL102 matches nothing: no FL102 finding on the line it covers (nodes.tf:9)"},
		},
		{
			name:       "other line",
			findings:   []Finding{chain()},
			ignores:    []Ignore{ignoreAt("nodes.tf", 9, 10, "FL101")},
			suppressed: []bool{false},
			problems:   []string{"ignore of FL101 matches nothing"},
		},
		{
			name:       "one of two rules used",
			findings:   []Finding{chain()},
			ignores:    []Ignore{ignoreAt("nodes.tf", 8, 9, "FL101", "FL102")},
			suppressed: []bool{true},
			problems:   []string{"ignore of FL102 matches nothing"},
		},
		{
			name:       "rule that did not run is not unused",
			findings:   []Finding{chain()},
			ignores:    []Ignore{ignoreAt("nodes.tf", 8, 9, "FL101", "FL102")},
			ran:        []*Rule{ruleInput, ruleIgnores, ruleA},
			suppressed: []bool{true},
		},
		{
			name:       "rule that did not run, nothing to match",
			ignores:    []Ignore{ignoreAt("nodes.tf", 8, 9, "FL102")},
			ran:        []*Rule{ruleA},
			suppressed: []bool{},
		},
		{
			name:       "unknown rule",
			findings:   []Finding{chain()},
			ignores:    []Ignore{ignoreAt("nodes.tf", 8, 9, "FL999", "FL101")},
			suppressed: []bool{true},
			problems:   []string{`ignore names unknown rule "FL999"`},
		},
		{
			name:       "missing reason suppresses nothing",
			findings:   []Finding{chain()},
			ignores:    []Ignore{{Rules: []string{"FL101"}, Range: at("nodes.tf", 8), Target: at("nodes.tf", 9), Problem: "ignore has no reason"}},
			suppressed: []bool{false},
			problems:   []string{"ignore has no reason"},
		},
		{
			name:       "no rule",
			findings:   []Finding{chain()},
			ignores:    []Ignore{{Reason: "x", Range: at("nodes.tf", 8), Target: at("nodes.tf", 9)}},
			suppressed: []bool{false},
			problems:   []string{"ignore names no rule"},
		},
		{
			name:     "expired",
			findings: []Finding{chain()},
			ignores: []Ignore{func() Ignore {
				ig := ignoreAt("nodes.tf", 8, 9, "FL101")
				ig.Until = "2026-03-09"
				return ig
			}()},
			suppressed: []bool{false},
			problems:   []string{"ignore expired on 2026-03-09"},
		},
		{
			name:     "holds through its last day",
			findings: []Finding{chain()},
			ignores: []Ignore{func() Ignore {
				ig := ignoreAt("nodes.tf", 8, 9, "FL101")
				ig.Until = "2026-03-10"
				return ig
			}()},
			suppressed: []bool{true},
		},
		{
			name:       "FL000 cannot be suppressed",
			findings:   []Finding{{Rule: "FL000", Range: at("nodes.tf", 9)}},
			ignores:    []Ignore{ignoreAt("nodes.tf", 8, 9, "FL000")},
			suppressed: []bool{false},
			problems:   []string{"FL000 invalid-input cannot be suppressed"},
		},
		{
			name:       "FL001 cannot be suppressed",
			ignores:    []Ignore{ignoreAt("nodes.tf", 8, 9, "ignore-problem")},
			suppressed: []bool{},
			problems:   []string{"FL001 ignore-problem cannot be suppressed by an ignore"},
		},
		{
			name:       "no unused report in a file with an input problem",
			findings:   []Finding{{Rule: "FL000", Range: at("nodes.tf", 30)}},
			ignores:    []Ignore{ignoreAt("nodes.tf", 8, 9, "FL101")},
			suppressed: []bool{false},
		},
		{
			name:       "ignore-file, one rule",
			findings:   []Finding{chain(), {Rule: "FL102", Range: at("nodes.tf", 40)}},
			ignores:    []Ignore{{Rules: []string{"FL101"}, Reason: "r", File: true, Range: at("nodes.tf", 1), Target: Range{File: "nodes.tf", Line: 1}}},
			suppressed: []bool{true, false},
		},
		{
			name:       "ignore-file, every rule",
			findings:   []Finding{chain(), {Rule: "FL102", Range: at("nodes.tf", 40)}, {Rule: "FL000", Range: at("nodes.tf", 41)}},
			ignores:    []Ignore{{Reason: "r", File: true, Range: at("nodes.tf", 1), Target: Range{File: "nodes.tf", Line: 1}}},
			suppressed: []bool{true, true, false},
		},
		{
			name:       "ignore-file matching nothing",
			findings:   []Finding{chain()},
			ignores:    []Ignore{{Reason: "r", File: true, Range: at("other.tf", 1), Target: Range{File: "other.tf", Line: 1}}},
			suppressed: []bool{false},
			problems:   []string{"ignore-file matches nothing: no finding in this file"},
		},
		{
			name:     "annotation covers the object's lines",
			findings: []Finding{{Rule: "FL101", Range: at("nodeclass.yaml", 12)}},
			ignores: []Ignore{{Rules: []string{"FL101"}, Reason: "r", Range: at("nodeclass.yaml", 5),
				Target: Range{File: "nodeclass.yaml", Line: 1, Column: 1, EndLine: 14}}},
			suppressed: []bool{true},
		},
		{
			name:       "two ignores, both used",
			findings:   []Finding{chain()},
			ignores:    []Ignore{ignoreAt("nodes.tf", 8, 9, "FL101"), ignoreAt("nodeclass.yaml", 7, 7, "FL101")},
			suppressed: []bool{true},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ran := c.ran
			if ran == nil {
				ran = catalogue
			}
			fs := append([]Finding(nil), c.findings...)
			fs, problems := Suppress(fs, c.ignores, catalogue, ran, day)
			if len(fs) != len(c.suppressed) {
				t.Fatalf("%d findings, want %d", len(fs), len(c.suppressed))
			}
			for i, f := range fs {
				if got := f.Suppressed != nil; got != c.suppressed[i] {
					t.Errorf("finding %d suppressed = %v, want %v", i, got, c.suppressed[i])
				}
			}
			got := messages(problems)
			if len(got) != len(c.problems) {
				t.Fatalf("problems %q, want %q", got, c.problems)
			}
			for i := range got {
				if !strings.Contains(got[i], c.problems[i]) {
					t.Errorf("problem %q, want it to contain %q", got[i], c.problems[i])
				}
			}
		})
	}
}

func TestSuppressionRecord(t *testing.T) {
	ig := ignoreAt("nodes.tf", 8, 9, "FL101")
	ig.Reason, ig.Until = "moving", "2027-01-31"
	fs, _ := Suppress([]Finding{chain()}, []Ignore{ig}, catalogue, catalogue, day)
	want := Suppression{Reason: "moving", Until: "2027-01-31", Range: at("nodes.tf", 8)}
	if fs[0].Suppressed == nil || *fs[0].Suppressed != want {
		t.Fatalf("suppressed = %+v, want %+v", fs[0].Suppressed, want)
	}
}

func TestCovers(t *testing.T) {
	ig := Ignore{Target: Range{File: "a.yaml", Line: 5, EndLine: 7}}
	for _, c := range []struct {
		r    Range
		want bool
	}{
		{Range{File: "a.yaml", Line: 5}, true},
		{Range{File: "a.yaml", Line: 7, EndLine: 7}, true},
		{Range{File: "a.yaml", Line: 3, EndLine: 5}, true},
		{Range{File: "a.yaml", Line: 8}, false},
		{Range{File: "a.yaml", Line: 2, EndLine: 4}, false},
		{Range{File: "b.yaml", Line: 5}, false},
		{Range{}, false},
	} {
		if got := ig.Covers(c.r); got != c.want {
			t.Errorf("Covers(%v) = %v, want %v", c.r, got, c.want)
		}
	}
	file := Ignore{File: true, Target: Range{File: "a.yaml", Line: 1}}
	if !file.Covers(Range{File: "a.yaml", Line: 900}) {
		t.Error("an ignore-file covers the whole file")
	}
}

// TestRunIgnores: the runner suppresses, then runs the rule reporting
// ignores with the problems; suppressed findings stay and are not counted;
// a disabled rule's ignores are not unused; today is injectable.
func TestRunIgnores(t *testing.T) {
	reporter := &Rule{ID: "FL001", Name: "ignore-problem", Severity: Warning, ReportsIgnores: true, Check: func(p *Pass) {
		for _, ip := range p.IgnoreProblems {
			p.Report(Finding{Range: ip.Ignore.Range, Message: ip.Message, Key: ip.Key})
		}
	}}
	a := &Rule{ID: "FL101", Name: "a", Severity: Error, Check: func(p *Pass) {
		if p.IgnoreProblems != nil {
			t.Error("an ordinary rule sees ignore problems")
		}
		p.Report(chain())
	}}
	b := &Rule{ID: "FL102", Name: "b", Severity: Error, Check: func(*Pass) {}}
	rules := []*Rule{reporter, a, b}
	expiring := ignoreAt("nodes.tf", 8, 9, "FL101")
	expiring.Until = "2026-06-30"
	in := Input{Ignores: []Ignore{expiring, ignoreAt("nodes.tf", 20, 21, "FL102")}}

	res := Run(in, rules, Options{Today: day})
	if len(res.Findings) != 2 {
		t.Fatalf("findings %+v", res.Findings)
	}
	if f := res.Findings[0]; f.Rule != "FL101" || f.Suppressed == nil {
		t.Errorf("first finding %+v, want the suppressed FL101", f)
	}
	if f := res.Findings[1]; f.Rule != "FL001" || f.Name != "ignore-problem" || f.Severity != Warning || !strings.Contains(f.Message, "ignore of FL102 matches nothing") || f.Fingerprint == "" {
		t.Errorf("second finding %+v, want FL001 for the unused FL102 ignore", f)
	}
	if res.Summary.Errors != 0 || res.Summary.Warnings != 1 {
		t.Errorf("summary %+v: the suppressed finding must not count", res.Summary)
	}

	res = Run(in, rules, Options{Today: day, Disable: []string{"FL102"}})
	if len(res.Findings) != 1 || res.Findings[0].Suppressed == nil {
		t.Errorf("with FL102 disabled: %+v", res.Findings)
	}

	res = Run(in, rules, Options{Today: day, Disable: []string{"FL001"}})
	if len(res.Findings) != 1 || res.Findings[0].Suppressed == nil {
		t.Errorf("with FL001 disabled, ignores still apply: %+v", res.Findings)
	}

	res = Run(in, rules, Options{Today: time.Date(2026, 7, 1, 0, 0, 0, 0, time.UTC), Disable: []string{"FL102"}})
	if len(res.Findings) != 2 || res.Findings[0].Suppressed != nil || res.Findings[1].Rule != "FL001" || !strings.Contains(res.Findings[1].Message, "expired on 2026-06-30") {
		t.Errorf("after expiry: %+v", res.Findings)
	}
}
