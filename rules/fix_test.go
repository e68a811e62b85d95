package rules_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/fixer"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/rules"
)

// fixtureCopy copies a fixture directory to a new temporary directory.
func fixtureCopy(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	copyTree(t, src, dst)
	return dst
}

// lintDir lints dir with the given rules, without checking wants.
func lintDir(t *testing.T, dir string, rs ...*lint.Rule) lint.Result {
	t.Helper()
	in, err := load(dir)
	if err != nil {
		t.Fatal(err)
	}
	return lint.Run(in, rs, lint.Options{})
}

func dirReader(dir string) fixer.Reader {
	return func(file string) ([]byte, bool) {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(file)))
		return b, err == nil
	}
}

// fixable lists the positive IRSA fixtures whose finding gets a fix the
// fixer can locate in the source; every other positive fixture must get
// none (a computed subject, an eksctl-made trust, a wildcard, a value
// only inferred).
var fixable = map[string]bool{
	"FL201/positive_argo_app_of_apps":               true,
	"FL201/positive_argo_release_written_twice":     true,
	"FL201/positive_crossplane_role":                true, // JSON inside a YAML block scalar
	"FL201/positive_eksctl_attach_role_arn":         true,
	"FL201/positive_flux_release_in_kustomization":  true,
	"FL201/positive_jsonencode_manifest":            true,
	"FL201/positive_namespace_and_name_differ":      true,
	"FL201/positive_replace_issuer_jsonencode":      true,
	"FL201/positive_replace_issuer_policy_document": true,
	"FL201/positive_terraform_service_account":      true, // a policy document's condition block
	"FL204/positive_missing_audience":               true,
	"FL204/positive_wrong_audience":                 true,
}

// TestFixesRepairFixtures applies the fixes of every positive IRSA
// fixture to a copy and lints the copy again: the fixed finding is gone,
// no wildcard finding (FL203) appears, and a replaced subject is the exact
// subject of one service account.
func TestFixesRepairFixtures(t *testing.T) {
	wildcard := rules.IRSAWildcardSubject
	for _, r := range []*lint.Rule{rules.IRSANamespaceMismatch, rules.IRSAServiceAccountMismatch, rules.IRSAMissingAudience, wildcard} {
		dirs, _ := filepath.Glob(filepath.Join("testdata", r.ID, "positive*"))
		for _, d := range dirs {
			name := r.ID + "/" + filepath.Base(d)
			t.Run(name, func(t *testing.T) {
				tmp := fixtureCopy(t, d)
				res := lintDir(t, tmp, r, wildcard)
				fixer.Resolve(res.Findings, dirReader(tmp))
				fixed := map[string]bool{}
				for _, f := range res.Findings {
					if !f.Fix.Resolved() {
						continue
					}
					if f.Rule != r.ID {
						t.Errorf("%s offers a fix for %s", f.Rule, f.Message)
					}
					fixed[f.Key] = true
					for _, e := range f.Fix.Edits {
						if f.Fix.Target.Claim == "sub" && (strings.ContainsAny(e.Text, "*?") || !exactSubject.MatchString(f.Fix.Target.New)) {
							t.Errorf("fix writes %s, not one exact subject", e.Text)
						}
					}
				}
				if len(fixed) > 0 != fixable[name] {
					t.Fatalf("fixed %d findings; want a fix: %v", len(fixed), fixable[name])
				}
				if len(fixed) == 0 {
					return
				}
				changes, err := fixer.Plan(res.Findings, dirReader(tmp))
				if err != nil {
					t.Fatal(err)
				}
				abs := func(f string) string { return filepath.Join(tmp, filepath.FromSlash(f)) }
				if err := fixer.Write(changes, []string{tmp}, abs); err != nil {
					t.Fatal(err)
				}
				after := lintDir(t, tmp, r, wildcard)
				for _, f := range after.Findings {
					if f.Rule == r.ID && fixed[f.Key] {
						t.Errorf("still reported after the fix: %s", f.Message)
					}
				}
				if n, m := count(after, wildcard.ID), count(res, wildcard.ID); n > m {
					t.Errorf("the fix widened the trust: %d FL203 findings, %d before", n, m)
				}
			})
		}
	}
}

var exactSubject = regexp.MustCompile(`^system:serviceaccount:[a-z0-9]([-a-z0-9]*[a-z0-9])?:[a-z0-9]([-a-z0-9.]*[a-z0-9])?$`)

func count(res lint.Result, rule string) int {
	n := 0
	for _, f := range res.Findings {
		if f.Rule == rule {
			n++
		}
	}
	return n
}
