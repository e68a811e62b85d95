package rules_test

import (
	"bufio"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/parsers/helm/chartrender"

	"github.com/faultline-dev/faultline/internal/engine"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/lint/linttest"
	"github.com/faultline-dev/faultline/parsers/plan"
	"github.com/faultline-dev/faultline/rules"
)

var update = flag.Bool("update", false, "rewrite rules/README.md")

func TestCatalogueValidates(t *testing.T) {
	if err := lint.Validate(rules.All); err != nil {
		t.Fatal(err)
	}
}

// TestReadmeFresh keeps rules/README.md generated from the rule values.
func TestReadmeFresh(t *testing.T) {
	want := rules.Markdown(rules.All)
	if *update {
		if err := os.WriteFile("README.md", []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Fatal("rules/README.md is stale: run `go test ./rules -run TestReadmeFresh -update`")
	}
	for _, r := range rules.All {
		if !strings.Contains(string(got), "## "+r.ID+" "+r.Name) {
			t.Errorf("README lacks %s", r.ID)
		}
	}
}

// load reads a fixture directory the way `faultline lint DIR` does, with
// .faultline.hcl and a fixture.args file (lines `var NAME=VALUE`,
// `var-file PATH`) when present.
func load(dir string) (lint.Input, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return lint.Input{}, err
	}
	opts := engine.Options{Paths: []string{abs}, Cwd: abs, RelTo: abs, Vars: map[string]string{}, Renderer: chartrender.InProcess{}}
	// A fixture with base/ and head/ is a change: head/ compared with the
	// base revision base/ (as --base compares the work tree with git).
	if isDir(filepath.Join(abs, "base")) && isDir(filepath.Join(abs, "head")) {
		head := filepath.Join(abs, "head")
		opts.Paths, opts.BaseDir, opts.BaseRoot, opts.BaseRev = []string{head}, filepath.Join(abs, "base"), head, "base"
	}
	if _, err := os.Stat(filepath.Join(abs, lint.ConfigFile)); err == nil {
		cfg, err := lint.LoadConfig(filepath.Join(abs, lint.ConfigFile))
		if err != nil {
			return lint.Input{}, err
		}
		opts.Config = cfg
	}
	if f, err := os.Open(filepath.Join(abs, "fixture.args")); err == nil {
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			kind, arg, _ := strings.Cut(strings.TrimSpace(sc.Text()), " ")
			switch kind {
			case "var":
				n, v, _ := strings.Cut(arg, "=")
				opts.Vars[n] = v
			case "var-file":
				opts.VarFiles = append(opts.VarFiles, filepath.Join(abs, arg))
			}
		}
	}
	// A genuine `terraform show -json` plan of the fixture (made by
	// scripts/make-plan-fixture.sh) is read as --plan reads it.
	if f, err := os.Open(filepath.Join(abs, "plan.json")); err == nil {
		p, err := plan.Parse(f)
		f.Close()
		if err != nil {
			return lint.Input{}, err
		}
		opts.Plan, opts.PlanFile = p, "plan.json"
	}
	l, err := engine.Load(opts)
	if err != nil {
		return lint.Input{}, err
	}
	return l.Input, nil
}

// TestFixtures runs every rule over its fixture directories
// (testdata/<ID>/<case>): positive cases carry `# want` comments where the
// findings must be; negative cases carry none and assert silence.
func TestFixtures(t *testing.T) {
	for _, r := range rules.All {
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
			default:
				t.Errorf("%s: fixture directories are named positive_* or negative_*", d)
			}
			t.Run(r.ID+"/"+name, func(t *testing.T) {
				// Input errors must never hide other findings: FL000
				// fixtures run with the whole catalogue. So do FL001
				// fixtures: an ignore only matches what other rules report.
				var extra []*lint.Rule
				for _, o := range rules.All {
					if (r == rules.InvalidInput || r == rules.IgnoreProblem) && o != r {
						extra = append(extra, o)
					}
				}
				res := linttest.Run(t, d, load, r, extra...)
				if strings.HasPrefix(name, "positive") && len(res.Findings) == 0 {
					t.Error("positive fixture produced no finding")
				}
				// FL001's negative fixtures are valid ignores: each must
				// suppress something, not stay quiet for lack of findings.
				if r == rules.IgnoreProblem && strings.HasPrefix(name, "negative") && !anySuppressed(res.Findings) {
					t.Error("negative FL001 fixture suppressed no finding")
				}
			})
		}
		if pos == 0 || neg == 0 {
			t.Errorf("%s needs at least one positive and one negative fixture (have %d, %d)", r.ID, pos, neg)
		}
	}
}

func anySuppressed(fs []lint.Finding) bool {
	for _, f := range fs {
		if f.Suppressed != nil {
			return true
		}
	}
	return false
}

// TestCoverageCountsUnknown: a comparison that cannot be decided is silent
// but counted; a provable difference is silent and not counted.
func TestCoverageCountsUnknown(t *testing.T) {
	for dir, want := range map[string]int{
		"testdata/FL101/negative_module_prefix_unknown":       1,
		"testdata/FL101/negative_module_prefix_cannot_match":  0,
		"testdata/FL101/negative_unknown_variable":            1,
		"testdata/FL101/negative_name_prefix_cannot_match":    0,
		"testdata/FL402/negative_nodepool_declared_elsewhere": 1,
		"testdata/FL402/negative_template_label_matches":      0,
	} {
		in, err := load(dir)
		if err != nil {
			t.Fatal(err)
		}
		rule := rules.Find(strings.Split(dir, "/")[1])
		res := lint.Run(in, []*lint.Rule{rule}, lint.Options{})
		if len(res.Findings) != 0 {
			t.Errorf("%s: findings %v", dir, res.Findings)
		}
		if got := res.Summary.Coverage.Unresolved; got != want {
			t.Errorf("%s: unresolved = %d, want %d (%v)", dir, got, want, res.Summary.Notes)
		}
	}
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}
