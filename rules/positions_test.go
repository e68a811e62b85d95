package rules_test

import (
	"path/filepath"
	"testing"

	"github.com/faultline-dev/faultline/rules"
)

// A Terragrunt unit's input is reported at its name, as a module call's
// argument is, not at its value.
func TestFL501TerragruntInputAtItsName(t *testing.T) {
	res := lintDir(t, filepath.Join("testdata", "FL501", "positive_terragrunt_input_from_older_major"), rules.ModuleInputDrift)
	if len(res.Findings) == 0 {
		t.Fatal("no finding")
	}
	if r := res.Findings[0].Range; r.Line != 16 || r.Column != 3 {
		t.Errorf("at %s, want line 16, column 3 (the input's name)", r)
	}
}

// A value written in yamlencode({ … }) is reported at its key, as a key of
// a values file is, not at its value.
func TestFL502YamlencodeValueAtItsKey(t *testing.T) {
	res := lintDir(t, filepath.Join("testdata", "FL502", "positive_yamlencode_values_key"), rules.ChartValueDrift)
	if len(res.Findings) == 0 {
		t.Fatal("no finding")
	}
	if r := res.Findings[0].Range; r.Line != 14 || r.Column != 9 {
		t.Errorf("at %s, want line 14, column 9 (the key)", r)
	}
}
