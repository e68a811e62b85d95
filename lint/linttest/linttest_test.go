package linttest

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// recorder is a testing.TB that records failures instead of failing.
type recorder struct {
	testing.TB
	errors []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, a ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, a...))
}
func (r *recorder) Fatalf(format string, a ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, a...))
}

// rule reports one finding at line 2 of a.yaml.
var rule = &lint.Rule{ID: "FL900", Name: "test", Severity: lint.Error, Check: func(p *lint.Pass) {
	p.Report(lint.Finding{Range: lint.Range{File: "a.yaml", Line: 2, Column: 1}, Message: "found it"})
}}

// lowered reports, at line 3 of a.yaml, one finding resting on inferred
// evidence (a warning, one below its default) and one an ignore suppressed.
var lowered = &lint.Rule{ID: "FL901", Name: "lowered", Severity: lint.Error, Check: func(p *lint.Pass) {
	p.Report(lint.Finding{Range: lint.Range{File: "a.yaml", Line: 3, Column: 1}, Message: "inferred", Inferred: []string{"a guess"}})
	p.Report(lint.Finding{Range: lint.Range{File: "a.yaml", Line: 3, Column: 1}, Message: "quiet", Suppressed: &lint.Suppression{Reason: "on purpose"}})
}}

func load(string) (lint.Input, error) { return lint.Input{Model: &lint.Model{}}, nil }

func TestHarness(t *testing.T) {
	cases := map[string]struct {
		src  string
		errs int
	}{
		"matched":          {"a: 1\nb: 2 # want FL900 \"found\"\n", 0},
		"raw string":       {"a: 1\nb: 2 # want FL900 `fo+und it`\n", 0},
		"unexpected":       {"a: 1\nb: 2\n", 1},
		"wrong line":       {"a: 1 # want FL900 \"found\"\nb: 2\n", 2},
		"wrong message":    {"a: 1\nb: 2 # want FL900 \"other\"\n", 2},
		"two wants on one": {"a: 1\nb: 2 # want FL900 \"found\" FL900 \"it\"\n", 1},
		"severity matched": {"a: 1\nb: 2 # want FL900:error \"found\"\n", 0},
		"severity alias":   {"a: 1\nb: 2 # want FL900:Error \"found\"\n", 0},
		"wrong severity":   {"a: 1\nb: 2 # want FL900:warning \"found\"\n", 2},
		"bad severity":     {"a: 1\nb: 2 # want FL900:fatal \"found\"\n", 2},
		// The rules run below are FL900 alone.
		"rule not run": {"a: 1\nb: 2 # want FL900 \"found\" FL901 \"x\"\n", 1},
	}
	for name, c := range cases {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "a.yaml"), []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		r := &recorder{TB: t}
		Run(r, dir, load, rule)
		if len(r.errors) != c.errs {
			t.Errorf("%s: %d errors, want %d: %v", name, len(r.errors), c.errs, r.errors)
		}
	}
}

// TestHarnessSeverityByDefault: a want without severity wants the rule's
// default, so a lowered finding must say it is lowered; a suppressed
// finding is wanted as suppressed, and only so.
func TestHarnessSeverityByDefault(t *testing.T) {
	const found = "b: 2 # want FL900 \"found\"\n"
	cases := map[string]struct {
		src  string
		errs int
	}{
		"both written":              {"a: 1\n" + found + "c: 3 # want FL901:warning \"inferred\" FL901:suppressed \"quiet\"\n", 0},
		"lowered without severity":  {"a: 1\n" + found + "c: 3 # want FL901 \"inferred\" FL901:suppressed \"quiet\"\n", 2},
		"suppressed not wanted":     {"a: 1\n" + found + "c: 3 # want FL901:warning \"inferred\"\n", 1},
		"suppressed as severity":    {"a: 1\n" + found + "c: 3 # want FL901:warning \"inferred\" FL901 \"quiet\"\n", 2},
		"suppressed wanted lowered": {"a: 1\n" + found + "c: 3 # want FL901:warning \"inferred\" FL901:warning \"quiet\"\n", 2},
	}
	for name, c := range cases {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "a.yaml"), []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		r := &recorder{TB: t}
		Run(r, dir, load, rule, lowered)
		if len(r.errors) != c.errs {
			t.Errorf("%s: %d errors, want %d: %v", name, len(r.errors), c.errs, r.errors)
		}
	}
}

// TestWantsFileSuppressed: fixture.wants holds wants for lines whose
// comment is an ignore, suppressed ones included.
func TestWantsFileSuppressed(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"a.yaml":        "a: 1\nb: 2\nc: 3\n",
		"fixture.wants": "# the ignores' lines\na.yaml:2 FL900:error \"found\"\na.yaml:3 FL901:warning \"inferred\"\na.yaml:3 FL901:suppressed `qu+iet`\n",
	}
	for n, text := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := &recorder{TB: t}
	Run(r, dir, load, rule, lowered)
	if len(r.errors) != 0 {
		t.Errorf("errors: %v", r.errors)
	}
}
