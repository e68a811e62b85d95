package rules_test

import (
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/rules"
)

// TestPossibleInstanceIsOneSeverityLower: a node group whose count is
// unknown before apply (directly, or through the module call that creates
// it) is read as a possible instance: FL101 still fires, as a warning whose
// inferred text says the group exists only if created.
func TestPossibleInstanceIsOneSeverityLower(t *testing.T) {
	for dir, who := range map[string]string{
		"testdata/FL101/positive_node_group_unknown_count":       "aws_eks_node_group.workers",
		"testdata/FL101/positive_module_unknown_count":           "module.legacy_workers",
		"testdata/FL101/positive_node_group_count_from_variable": "aws_eks_node_group.batch",
	} {
		in, err := load(dir)
		if err != nil {
			t.Fatal(err)
		}
		res := lint.Run(in, []*lint.Rule{rules.SharedNodeRole}, lint.Options{})
		if len(res.Findings) != 1 {
			t.Fatalf("%s: findings %v", dir, res.Findings)
		}
		f := res.Findings[0]
		if f.Severity != lint.Warning {
			t.Errorf("%s: severity %s, want warning (FL101 is an error; the group may not be created)", dir, f.Severity)
		}
		want := who + ": exists only if created (its count is not known statically)"
		if len(f.Inferred) != 1 || f.Inferred[0] != want {
			t.Errorf("%s: inferred %q, want [%q]", dir, f.Inferred, want)
		}
		if res.Summary.Coverage.Skipped != 0 {
			t.Errorf("%s: skipped notes %v: the node group must be read, not skipped", dir, res.Summary.Notes)
		}
		found := false
		for _, n := range res.Summary.Notes {
			if n.Kind == lint.Inferred && strings.HasPrefix(n.What, who+": its count is not known statically") {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no inferred coverage note for %s in %v", dir, who, res.Summary.Notes)
		}
	}
}
