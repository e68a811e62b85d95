package rules_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/lint/linttest"
	"github.com/faultline-dev/faultline/rules"
)

var irsaRules = []*lint.Rule{
	rules.IRSANamespaceMismatch,
	rules.IRSAServiceAccountMismatch,
	rules.IRSAWildcardSubject,
	rules.IRSAMissingAudience,
}

// TestIRSAFixtures runs the IRSA rules over their fixtures directly, so
// they are checked whether or not the catalogue lists them yet.
func TestIRSAFixtures(t *testing.T) {
	if err := lint.Validate(irsaRules); err != nil {
		t.Fatal(err)
	}
	for _, r := range irsaRules {
		dirs, _ := filepath.Glob(filepath.Join("testdata", r.ID, "*"))
		var pos, neg int
		for _, d := range dirs {
			if st, err := os.Stat(d); err != nil || !st.IsDir() {
				continue
			}
			name := filepath.Base(d)
			switch {
			case strings.HasPrefix(name, "positive"):
				pos++
			case strings.HasPrefix(name, "negative"):
				neg++
			}
			t.Run(r.ID+"/"+name, func(t *testing.T) {
				res := linttest.Run(t, d, load, r)
				for _, f := range res.Findings {
					t.Logf("%s %s %s: %s\n  hint: %s\n  chain: %q\n  related: %v\n  inferred: %v", f.Range, f.Rule, f.Severity, f.Message, f.Hint, f.Chain, f.Related, f.Inferred)
				}
				for _, n := range res.Summary.Notes {
					t.Logf("note %s %s", n.Range, n.What)
				}
				if strings.HasPrefix(name, "positive") && len(res.Findings) == 0 {
					t.Error("positive fixture produced no finding")
				}
			})
		}
		if pos == 0 || neg == 0 {
			t.Errorf("%s needs at least one positive and one negative fixture (have %d, %d)", r.ID, pos, neg)
		}
	}
}

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
