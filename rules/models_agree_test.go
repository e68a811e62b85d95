package rules_test

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/parsers/helm/chartrender"

	"github.com/faultline-dev/faultline/internal/engine"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform"
	"github.com/faultline-dev/faultline/rules"
)

// standIns is where the built-in module models live in the source tree.
const standIns = "../parsers/terraform/models/"

// cacheOf lays a fixture out again with a .terraform/modules cache that
// holds the built-in stand-ins themselves, as `terraform init` would lay
// out the real modules: records by call key, each with its code.
func cacheOf(t *testing.T, fixture string, records []cachedModule) string {
	t.Helper()
	dir := t.TempDir()
	copyFixture(t, fixture, dir)
	var rows []string
	for _, r := range records {
		copyFixture(t, filepath.Join(standIns, r.model), filepath.Join(dir, filepath.FromSlash(r.dir)))
		rows = append(rows, `{"Key":"`+r.key+`","Source":"`+r.source+`","Version":"`+r.version+`","Dir":"`+r.dir+`"}`)
	}
	manifest := `{"Modules":[{"Key":"","Source":"","Dir":"."},` + strings.Join(rows, ",") + `]}`
	if err := os.WriteFile(filepath.Join(dir, ".terraform", "modules", "modules.json"), []byte(manifest), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

type cachedModule struct{ key, source, version, dir, model string }

func copyFixture(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// findingsOf lints dir with the whole catalogue: each finding as rule,
// position and message, and how every module call resolved.
func findingsOf(t *testing.T, dir string) ([]string, map[string]terraform.Resolution) {
	t.Helper()
	abs, _ := filepath.Abs(dir)
	l, err := engine.Load(engine.Options{Paths: []string{abs}, Cwd: abs, RelTo: abs, Renderer: chartrender.InProcess{}})
	if err != nil {
		t.Fatal(err)
	}
	res := lint.Run(l.Input, rules.All, lint.Options{})
	var out []string
	for _, f := range res.Findings {
		out = append(out, f.Rule+" "+f.Range.String()+" "+f.Message)
	}
	sort.Strings(out)
	how := map[string]terraform.Resolution{}
	for _, c := range l.ModuleCalls {
		how[c.Call] = c.How
	}
	return out, how
}

// The v17 fixtures give the same findings, at the same places, whether
// the eks module is read from its built-in model or from a module cache
// holding that model's code.
func TestModelsAgreeWithCache(t *testing.T) {
	v17 := []cachedModule{
		{"eks", "registry.terraform.io/terraform-aws-modules/eks/aws", "17.24.0", ".terraform/modules/eks", "terraform-aws-modules/eks/aws/_root/v17.0.0"},
		{"eks.node_groups", "./modules/node_groups", "", ".terraform/modules/eks/modules/node_groups", "terraform-aws-modules/eks/aws/modules/node_groups/v17.0.0"},
	}
	for _, fixture := range []string{
		"testdata/FL101/positive_eks_module_v17_worker_role_to_karpenter",
		"testdata/FL101/negative_eks_module_v17_separate_karpenter_role",
		"testdata/FL102/positive_eks_module_v17_worker_profile_to_karpenter",
	} {
		t.Run(fixture, func(t *testing.T) {
			modelled, how := findingsOf(t, fixture)
			if how["module.eks"] != terraform.ResolvedModelled {
				t.Fatalf("module.eks resolved %q without a cache, want modelled", how["module.eks"])
			}
			cached, how := findingsOf(t, cacheOf(t, fixture, v17))
			if how["module.eks"] != terraform.ResolvedCached || how["module.eks.module.node_groups"] != terraform.ResolvedLocal {
				t.Fatalf("with the cache: %v, want module.eks cached", how)
			}
			if strings.Join(modelled, "\n") != strings.Join(cached, "\n") {
				t.Errorf("findings differ\nmodel:\n  %s\ncache:\n  %s", strings.Join(modelled, "\n  "), strings.Join(cached, "\n  "))
			}
			if strings.HasPrefix(filepath.Base(fixture), "positive") && len(modelled) == 0 {
				t.Error("no finding")
			}
		})
	}
}
