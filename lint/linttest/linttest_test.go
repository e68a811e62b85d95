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
