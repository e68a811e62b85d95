package rules_test

import (
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/rules"
)

// TestIRSACoverage: what cannot be decided is silent but counted.
func TestIRSACoverage(t *testing.T) {
	for _, c := range []struct {
		dir  string
		rule *lint.Rule
		want int
	}{
		{"testdata/FL201/negative_unknown_namespace", rules.IRSANamespaceMismatch, 1},
		{"testdata/FL201/negative_role_not_in_tree", rules.IRSANamespaceMismatch, 1},
		{"testdata/FL201/negative_matching_subject", rules.IRSANamespaceMismatch, 0},
		{"testdata/FL201/negative_role_declared_in_two_roots", rules.IRSANamespaceMismatch, 1},
		{"testdata/FL202/negative_stringlike_matches", rules.IRSAServiceAccountMismatch, 0},
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
		for _, n := range res.Summary.Notes {
			if strings.HasSuffix(c.dir, "two_roots") && !strings.Contains(n.What, "is declared 2 times in this tree") {
				t.Errorf("%s: note %q does not say the role is declared twice", c.dir, n.What)
			}
		}
	}
}

// TestIRSASeverities: a wildcard name inside one fixed namespace is a
// warning.
func TestIRSASeverities(t *testing.T) {
	in, err := load("testdata/FL203/positive_crossplane_provider_name_wildcard")
	if err != nil {
		t.Fatal(err)
	}
	res := lint.Run(in, []*lint.Rule{rules.IRSAWildcardSubject}, lint.Options{})
	if len(res.Findings) == 0 {
		t.Fatal("no finding")
	}
	for _, f := range res.Findings {
		if f.Severity != lint.Warning {
			t.Errorf("%s: severity %s, want warning", f.Range, f.Severity)
		}
	}
}

// TestWrongAudienceWithoutSubject: a subject written under the :aud key
// of a statement without :sub gets no fix (setting the audience alone
// would let every service account in) and a hint to move it to :sub.
func TestWrongAudienceWithoutSubject(t *testing.T) {
	in, err := load("testdata/FL203/negative_subject_under_audience_key")
	if err != nil {
		t.Fatal(err)
	}
	res := lint.Run(in, []*lint.Rule{rules.IRSAMissingAudience}, lint.Options{})
	if len(res.Findings) != 1 {
		t.Fatalf("findings %v", res.Findings)
	}
	f := res.Findings[0]
	if f.Fix != nil {
		t.Errorf("fix offered: %+v", f.Fix)
	}
	if !strings.Contains(f.Hint, `put it under an "<issuer>:sub" key`) {
		t.Errorf("hint %q", f.Hint)
	}
}

// A trust subject whose namespace no namespace can be named (a literal *
// under StringEquals) is fixed in the trust only: the hint does not
// suggest installing the account into namespace "*".
func TestFL201HintLiteralStarNamespace(t *testing.T) {
	res := lintDir(t, "testdata/FL201/positive_literal_star_namespace_in_subject", rules.IRSANamespaceMismatch)
	if len(res.Findings) != 1 {
		t.Fatalf("findings %v", res.Findings)
	}
	h := res.Findings[0].Hint
	if !strings.HasPrefix(h, "write system:serviceaccount:billing:worker in the :sub condition") || strings.Contains(h, "namespace *") {
		t.Errorf("hint %q", h)
	}
}
