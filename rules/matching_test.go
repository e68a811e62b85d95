package rules_test

import (
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/rules"
)

// TestParsedDecisionsCoverage: an operator that is not on IAM's list, and a
// release whose chart is not known, leave the rule silent and counted as
// unresolved; a decision on a parsed operator or issuer is silent and not
// counted.
func TestParsedDecisionsCoverage(t *testing.T) {
	for _, c := range []struct {
		dir  string
		rule *lint.Rule
		want int
	}{
		{"testdata/FL203/negative_misspelled_operator", rules.IRSAWildcardSubject, 1},
		{"testdata/FL204/negative_misspelled_operator", rules.IRSAMissingAudience, 1},
		{"testdata/FL203/negative_github_actions_provider_reference", rules.IRSAWildcardSubject, 0},
		{"testdata/FL204/negative_github_actions_provider_reference", rules.IRSAMissingAudience, 0},
		{"testdata/FL204/negative_audience_ignore_case", rules.IRSAMissingAudience, 0},
		{"testdata/FL206/negative_release_name_is_prefix_of_another", rules.PodIdentityMismatch, 1},
		{"testdata/FL203/negative_negation_beside_exact_subject", rules.IRSAWildcardSubject, 0},
	} {
		in, err := load(c.dir)
		if err != nil {
			t.Fatal(err)
		}
		res := lint.Run(in, []*lint.Rule{c.rule}, lint.Options{})
		if len(res.Findings) != 0 {
			t.Errorf("%s: findings %v", c.dir, res.Findings)
		}
		if got := res.Summary.Coverage.Unresolved; got != c.want {
			t.Errorf("%s: unresolved = %d, want %d (%v)", c.dir, got, c.want, res.Summary.Notes)
		}
	}
}

// TestKarpenterChain: the Karpenter failure chain is told for the account
// a karpenter chart's release creates, not for any name that contains the
// word.
func TestKarpenterChain(t *testing.T) {
	for dir, want := range map[string]bool{
		"testdata/FL201/positive_replace_issuer_policy_document": true,
		"testdata/FL201/positive_jsonencode_manifest":            true,
		"testdata/FL201/positive_namespace_and_name_differ":      false,
		"testdata/FL201/positive_terraform_service_account":      false,
	} {
		in, err := load(dir)
		if err != nil {
			t.Fatal(err)
		}
		res := lint.Run(in, []*lint.Rule{rules.IRSANamespaceMismatch}, lint.Options{})
		if len(res.Findings) == 0 {
			t.Fatalf("%s: no finding", dir)
		}
		for _, f := range res.Findings {
			got := strings.Contains(strings.Join(f.Chain, "\n"), "Karpenter's controller")
			if got != want {
				t.Errorf("%s: Karpenter chain %v, want %v: %q", dir, got, want, f.Chain)
			}
		}
	}
}
