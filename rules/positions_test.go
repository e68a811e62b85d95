package rules_test

import (
	"path/filepath"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/rules"
)

// TestFindingPositions pins where a finding points inside a line, which
// the fixtures' wants (rule, file, line) do not.
func TestFindingPositions(t *testing.T) {
	for _, c := range []struct {
		name, fixture string
		rule          *lint.Rule
		line, column  int
		at            string
	}{
		// A Terragrunt unit's input is reported at its name, as a module
		// call's argument is, not at its value.
		{"terragrunt input", "FL501/positive_terragrunt_input_from_older_major", rules.ModuleInputDrift, 16, 3, "the input's name"},
		// A value written in yamlencode({ … }) is reported at its key, as
		// a key of a values file is, not at its value.
		{"yamlencode key", "FL502/positive_yamlencode_values_key", rules.ChartValueDrift, 14, 9, "the key"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := lintDir(t, filepath.Join("testdata", filepath.FromSlash(c.fixture)), c.rule)
			if len(res.Findings) == 0 {
				t.Fatal("no finding")
			}
			if r := res.Findings[0].Range; r.Line != c.line || r.Column != c.column {
				t.Errorf("at %s, want line %d, column %d (%s)", r, c.line, c.column, c.at)
			}
		})
	}
}
