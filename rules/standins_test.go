package rules_test

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/rules"
	"github.com/hashicorp/go-version"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// The stand-in modules under parsers/terraform/models are tested before
// the framework that embeds them exists: each fixture of
// testdata/standins/<ID>/<case>/ is copied into a temporary directory with
// a `terraform init`-style module cache (.terraform/modules/modules.json)
// whose calls are answered by the stand-ins its fixture.standins names
// (lines `KEY SOURCE VERSION DIR`, DIR below parsers/terraform/models).
// A finding is wanted at the `# want` line that holds its range or one of
// its related locations; a range inside a stand-in counts as the line of
// the `module "KEY" {` call it answers (the call the user edits). A
// fixture.pending file names the change a fixture waits for; it is skipped.

const modelsDir = "../parsers/terraform/models"

// standinWantRE is a `# want FL201 "re"` expectation (one per line).
var standinWantRE = regexp.MustCompile("#\\s*want\\s+(FL[0-9]{3})(?::([A-Za-z]+))?\\s+(\"(?:[^\"\\\\]|\\\\.)*\"|`[^`]*`)")

type standinWant struct {
	file, severity string
	line           int
	rule           string
	re             *regexp.Regexp
	hit            bool
}

func TestStandinFixtures(t *testing.T) {
	dirs, _ := filepath.Glob(filepath.Join("testdata", "standins", "FL*", "*"))
	if len(dirs) == 0 {
		t.Fatal("no stand-in fixtures")
	}
	for _, d := range dirs {
		id, name := filepath.Base(filepath.Dir(d)), filepath.Base(d)
		rule := ruleByID(t, id)
		t.Run(id+"/"+name, func(t *testing.T) {
			if why, err := os.ReadFile(filepath.Join(d, "fixture.pending")); err == nil {
				t.Skipf("pending: %s", strings.TrimSpace(string(why)))
			}
			root, calls := withStandins(t, d)
			in, err := load(root)
			if err != nil {
				t.Fatal(err)
			}
			res := lint.Run(in, []*lint.Rule{rule}, lint.Options{})
			wants := standinWants(t, root)
			for _, f := range res.Findings {
				if f.Suppressed == nil && !claim(wants, f, calls) {
					t.Errorf("%s: unexpected %s finding: %s (related %v)", f.Range, f.Rule, f.Message, f.Related)
				}
			}
			for _, w := range wants {
				if !w.hit {
					t.Errorf("%s:%d: no %s finding matching %s", w.file, w.line, w.rule, w.re)
				}
			}
			if strings.HasPrefix(name, "positive") != (len(wants) > 0) {
				t.Errorf("positive fixtures want findings, negative ones none (%d wants)", len(wants))
			}
		})
	}
}

func ruleByID(t *testing.T, id string) *lint.Rule {
	for _, r := range rules.All {
		if r.ID == id {
			return r
		}
	}
	t.Fatalf("no rule %s", id)
	return nil
}

// claim marks the first unhit want the finding satisfies.
func claim(wants []*standinWant, f lint.Finding, calls map[string]lint.Range) bool {
	at := append([]lint.Location{{Range: f.Range}}, f.Related...)
	for _, l := range at {
		for dir, call := range calls {
			if strings.HasPrefix(l.Range.File, dir) {
				at = append(at, lint.Location{Range: call})
			}
		}
	}
	for _, w := range wants {
		if w.hit || w.rule != f.Rule || !w.re.MatchString(f.Message) || w.severity != "" && w.severity != f.Severity.String() {
			continue
		}
		for _, l := range at {
			if l.Range.File == w.file && l.Range.Line == w.line {
				w.hit = true
				return true
			}
		}
	}
	return false
}

// withStandins copies fixture dir into a temporary root and installs the
// stand-ins its fixture.standins names as that root's module cache. It
// returns the root and, by cached directory ("…/KEY/"), the line of the
// call it answers.
func withStandins(t *testing.T, dir string) (string, map[string]lint.Range) {
	t.Helper()
	root := t.TempDir()
	if err := os.CopyFS(root, os.DirFS(dir)); err != nil {
		t.Fatal(err)
	}
	type record struct{ Key, Source, Version, Dir string }
	recs := []record{{Key: "", Source: "", Dir: "."}}
	calls := map[string]lint.Range{}
	f, err := os.Open(filepath.Join(dir, "fixture.standins"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		if len(fields) != 4 {
			t.Fatalf("fixture.standins: want `KEY SOURCE VERSION DIR`, got %q", sc.Text())
		}
		key, src, ver, model := fields[0], fields[1], fields[2], fields[3]
		at := filepath.Join(".terraform", "modules", key)
		if err := os.CopyFS(filepath.Join(root, at), os.DirFS(filepath.Join(modelsDir, model))); err != nil {
			t.Fatalf("stand-in %s: %v", model, err)
		}
		calls[filepath.ToSlash(at)+"/"] = callLine(t, dir, key)
		recs = append(recs, record{Key: key, Source: "registry.terraform.io/" + src, Version: ver, Dir: filepath.ToSlash(at)})
	}
	data, err := json.Marshal(map[string][]record{"Modules": recs})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, ".terraform", "modules", "modules.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	return root, calls
}

// callLine is where the root module of dir opens `module "key" {`.
func callLine(t *testing.T, dir, key string) lint.Range {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.tf"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(line, "module \""+key+"\" {") {
				return lint.Range{File: filepath.Base(f), Line: i + 1}
			}
		}
	}
	t.Fatalf("fixture.standins: no module %q call in %s", key, dir)
	return lint.Range{}
}

// standinWants reads the `# want` lines of the fixture's own files (the
// stand-ins carry none).
func standinWants(t *testing.T, root string) []*standinWant {
	t.Helper()
	var out []*standinWant
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() && d.Name() == ".terraform" {
			return filepath.SkipDir
		}
		if d.IsDir() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		for i, line := range strings.Split(string(data), "\n") {
			m := standinWantRE.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			s := m[3]
			if s[0] == '"' {
				if s, err = strconv.Unquote(s); err != nil {
					return err
				}
			} else {
				s = s[1 : len(s)-1]
			}
			re, err := regexp.Compile(s)
			if err != nil {
				return err
			}
			out = append(out, &standinWant{file: filepath.ToSlash(rel), line: i + 1, rule: m[1], severity: m[2], re: re})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// The stand-in families this file's fixtures cover.
var standinFamilies = []string{
	"terraform-aws-modules/iam",
	"terraform-aws-modules/eks-pod-identity",
	"aws-ia/eks-blueprints-addons",
}

// TestStandinsWellFormed loads every version directory of these stand-ins
// (and the local modules inside them) as a root module: no input
// diagnostics, and every var.NAME they read is declared there, as
// Terraform requires.
func TestStandinsWellFormed(t *testing.T) {
	var dirs []string
	for _, fam := range standinFamilies {
		err := filepath.WalkDir(filepath.Join(modelsDir, fam), func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if tf, _ := filepath.Glob(filepath.Join(p, "*.tf")); d.IsDir() && len(tf) > 0 {
				dirs = append(dirs, p)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(dirs) < 10 {
		t.Fatalf("found only %d stand-in directories", len(dirs))
	}
	for _, d := range dirs {
		rel, _ := filepath.Rel(modelsDir, d)
		t.Run(rel, func(t *testing.T) {
			in, err := load(d)
			if err != nil {
				t.Fatal(err)
			}
			for _, diag := range in.Diagnostics {
				t.Errorf("%s: %s", diag.Range, diag.Summary)
			}
			declared, used, since := standinVariables(t, d)
			for name, at := range used {
				if !declared[name] {
					t.Errorf("%s reads var.%s, which is not declared", at, name)
				}
			}
			for name, cs := range since {
				if !declared[name] {
					t.Errorf("faultline_input_versions names %s, which is not declared", name)
				}
				for _, c := range cs {
					if _, err := version.NewConstraint(c); err != nil {
						t.Errorf("faultline_input_versions.%s: %v", name, err)
					}
				}
			}
		})
	}
}

// standinVariables parses the .tf files of dir: the variables declared,
// each variable read with where it is first read, and the version
// constraints of local.faultline_input_versions.
func standinVariables(t *testing.T, dir string) (map[string]bool, map[string]string, map[string][]string) {
	t.Helper()
	declared, used, since := map[string]bool{}, map[string]string{}, map[string][]string{}
	files, _ := filepath.Glob(filepath.Join(dir, "*.tf"))
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		file, diags := hclsyntax.ParseConfig(src, filepath.Base(f), hcl.InitialPos)
		if diags.HasErrors() {
			t.Fatalf("%s: %s", f, diags.Error())
		}
		body := file.Body.(*hclsyntax.Body)
		for _, b := range body.Blocks {
			if b.Type == "variable" && len(b.Labels) == 1 {
				declared[b.Labels[0]] = true
			}
			if a, ok := b.Body.Attributes["faultline_input_versions"]; ok && b.Type == "locals" {
				v, diags := a.Expr.Value(nil)
				if diags.HasErrors() || !v.CanIterateElements() {
					t.Fatalf("%s: faultline_input_versions is not a literal map: %s", f, diags.Error())
				}
				for k, cs := range v.AsValueMap() {
					for _, c := range cs.AsValueSlice() {
						since[k] = append(since[k], c.AsString())
					}
				}
			}
		}
		hclsyntax.VisitAll(body, func(n hclsyntax.Node) hcl.Diagnostics {
			if e, ok := n.(*hclsyntax.ScopeTraversalExpr); ok && e.Traversal.RootName() == "var" && len(e.Traversal) > 1 {
				if a, ok := e.Traversal[1].(hcl.TraverseAttr); ok {
					if _, seen := used[a.Name]; !seen {
						used[a.Name] = e.Range().String()
					}
				}
			}
			return nil
		})
	}
	return declared, used, since
}
