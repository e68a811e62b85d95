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
