package rules_test

import (
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/rules"
)

// TestTerragruntInputIsRelated: a module that only forwards Karpenter's
// role to the YAML it writes points FL101 at that YAML, and the finding
// names where the unit's inputs set the value, as it does for an
// attribute a module forwards.
func TestTerragruntInputIsRelated(t *testing.T) {
	in, err := load("testdata/FL101/positive_terragrunt_dependency_node_role")
	if err != nil {
		t.Fatal(err)
	}
	res := lint.Run(in, []*lint.Rule{rules.SharedNodeRole}, lint.Options{})
	if len(res.Findings) != 1 {
		t.Fatalf("findings %v", res.Findings)
	}
	f := res.Findings[0]
	want := lint.Location{Range: lint.Range{File: "live/prod/karpenter-nodeclass/terragrunt.hcl", Line: 15, Column: 20, EndLine: 15, EndColumn: 91}, Message: "passed in as node_role_name by unit live/prod/karpenter-nodeclass"}
	if len(f.Related) == 0 || f.Related[0].Range != want.Range || f.Related[0].Message != want.Message {
		t.Errorf("first related %+v, want %+v (all: %+v)", f.Related, want, f.Related)
	}
}

// TestSharedInputNamesEveryUnit: an input a file every unit includes
// passes is one FL501 finding, at that input, and it names the call of
// each unit that passes it, not only the first's.
func TestSharedInputNamesEveryUnit(t *testing.T) {
	in, err := load("testdata/FL501/positive_terragrunt_shared_input_two_units")
	if err != nil {
		t.Fatal(err)
	}
	res := lint.Run(in, []*lint.Rule{rules.ModuleInputDrift}, lint.Options{})
	if len(res.Findings) != 1 {
		t.Fatalf("findings %v", res.Findings)
	}
	files := map[string]bool{}
	for _, l := range res.Findings[0].Related {
		files[l.Range.File] = true
	}
	for _, f := range []string{"live/eu/eks/terragrunt.hcl", "live/us/eks/terragrunt.hcl"} {
		if !files[f] {
			t.Errorf("no related location in %s: %+v", f, res.Findings[0].Related)
		}
	}
}
