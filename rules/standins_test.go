package rules_test

import (
	"bufio"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/go-version"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/rules"
)

// Fixtures of registry module calls: testdata/models/<ID>/<case>/. Each
// runs twice with the same `# want` comments: as it is (the built-in
// models answer the calls), and copied into a temporary directory with a
// `terraform init`-style module cache (.terraform/modules/modules.json) in
// every root module directory, holding the stand-in of each call a
// stand-in models — so the stand-ins are also evaluated as installed code,
// and both ways must give the same findings. The cache holds, for each
// call, the stand-in directory of the newest version its constraint
// allows, unless the fixture's fixture.standins pins one (lines `KEY
// SOURCE VERSION DIR`, DIR below parsers/terraform/models: the version the
// cache records as installed).
//
// A finding is wanted at the `# want` line that holds its range or one of
// its related locations; a range inside a cached stand-in counts as the
// line of the `module "KEY" {` call it answers (the call the user edits).

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

func TestStandInFixtures(t *testing.T) {
	dirs, _ := filepath.Glob(filepath.Join("testdata", "models", "FL*", "*"))
	if len(dirs) == 0 {
		t.Fatal("no stand-in fixtures")
	}
	for _, d := range dirs {
		id, name := filepath.Base(filepath.Dir(d)), filepath.Base(d)
		rule := rules.Find(id)
		if rule == nil {
			t.Errorf("%s: no rule %s", d, id)
			continue
		}
		t.Run(id+"/"+name, func(t *testing.T) {
			root, calls := withStandInCache(t, d)
			checkStandinFixture(t, root, calls, rule, strings.HasPrefix(name, "positive"))
		})
		t.Run(id+"/"+name+"/without_cache", func(t *testing.T) {
			checkStandinFixture(t, d, nil, rule, strings.HasPrefix(name, "positive"))
		})
	}
}

// checkStandinFixture lints root with rule and matches the findings with
// the wants of the fixture's own files.
func checkStandinFixture(t *testing.T, root string, calls map[string]lint.Range, rule *lint.Rule, positive bool) {
	t.Helper()
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
		if missing := callSiteMissing(f, calls); missing != "" {
			t.Errorf("%s: %s finding points into the cached %s but not at the user's call (related %v)", f.Range, f.Rule, missing, f.Related)
		}
	}
	for _, w := range wants {
		if !w.hit {
			t.Errorf("%s:%d: no %s finding matching %s", w.file, w.line, w.rule, w.re)
		}
	}
	if positive != (len(wants) > 0) {
		t.Errorf("positive fixtures want findings, negative ones none (%d wants)", len(wants))
	}
}

// claim marks the first unhit want the finding satisfies: one at the line
// of its range or of a related location; for a location inside a cached
// stand-in, one at any line of the call block it answers.
func claim(wants []*standinWant, f lint.Finding, calls map[string]lint.Range) bool {
	at := append([]lint.Location{{Range: f.Range}}, f.Related...)
	var blocks []lint.Range
	for _, l := range at {
		for dir, call := range calls {
			if strings.HasPrefix(l.Range.File, dir) {
				blocks = append(blocks, call)
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
		for _, b := range blocks {
			if b.File == w.file && b.Line <= w.line && w.line <= b.EndLine {
				w.hit = true
				return true
			}
		}
	}
	return false
}

// callSiteMissing names the cached directory a finding points into
// without also pointing at the user's call it answers (that call's first
// line, as a related location or the range); "" when it does not or does.
func callSiteMissing(f lint.Finding, calls map[string]lint.Range) string {
	at := append([]lint.Location{{Range: f.Range}}, f.Related...)
	for _, l := range at {
		for dir, call := range calls {
			if !strings.HasPrefix(l.Range.File, dir) {
				continue
			}
			found := false
			for _, o := range at {
				found = found || o.Range.File == call.File && o.Range.Line == call.Line
			}
			if !found {
				return dir
			}
		}
	}
	return ""
}

// withStandInCache copies the fixture in dir into a temporary directory
// and installs, as `terraform init` would, a module cache in every root
// module directory of the copy, holding the stand-in module of each call a
// stand-in models. It returns the copy and, by cached directory
// ("…/KEY/"), the line of the call it answers.
func withStandInCache(t *testing.T, dir string) (string, map[string]lint.Range) {
	t.Helper()
	root := t.TempDir()
	copyTree(t, dir, root)
	pins := standinPins(t, dir)
	calls := map[string]lint.Range{}
	installed := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if d.Name() == ".terraform" {
			return filepath.SkipDir
		}
		installed += installStandIns(t, root, p, pins, calls)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if installed == 0 {
		t.Fatalf("%s calls no module a stand-in models", dir)
	}
	return root, calls
}

// standinPin is a line of fixture.standins: the version a cache records
// for a call and the stand-in directory installed for it.
type standinPin struct{ source, version, dir string }

// standinPins reads the fixture's fixture.standins, if any, by call name.
func standinPins(t *testing.T, dir string) map[string]standinPin {
	t.Helper()
	out := map[string]standinPin{}
	f, err := os.Open(filepath.Join(dir, "fixture.standins"))
	if err != nil {
		return out
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
		out[fields[0]] = standinPin{source: fields[1], version: fields[2], dir: filepath.Join(modelsDir, filepath.FromSlash(fields[3]))}
	}
	return out
}

// installStandIns writes the module cache of the root module in dir: the
// stand-ins of its calls and their modules.json, recording in calls the
// line of each call a cached directory answers. It returns how many calls
// it installed (0 writes nothing).
func installStandIns(t *testing.T, root, dir string, pins map[string]standinPin, calls map[string]lint.Range) int {
	t.Helper()
	type record struct{ Key, Source, Version, Dir string }
	records := []record{{Key: "", Source: "", Dir: "."}}
	for _, c := range rootCalls(t, dir) {
		src, ver := standInDir(t, c.source, c.version)
		if p, ok := pins[c.name]; ok && dir == root {
			src, ver, c.source = p.dir, p.version, p.source
		}
		if src == "" {
			continue
		}
		rel := filepath.ToSlash(filepath.Join(".terraform", "modules", c.name))
		copyTree(t, src, filepath.Join(dir, rel))
		at, _ := filepath.Rel(root, filepath.Join(dir, rel))
		file, _ := filepath.Rel(root, c.at.File)
		calls[filepath.ToSlash(at)+"/"] = lint.Range{File: filepath.ToSlash(file), Line: c.at.Line, EndLine: c.at.EndLine}
		records = append(records, record{Key: c.name, Source: "registry.terraform.io/" + c.source, Version: ver, Dir: rel})
	}
	if len(records) == 1 {
		return 0
	}
	data, err := json.Marshal(map[string][]record{"Modules": records})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".terraform", "modules", "modules.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	return len(records) - 1
}

var constraintVersion = regexp.MustCompile(`\d+(?:\.\d+)*`)

// standInCall is a root module call a stand-in answers.
type standInCall struct {
	name, source, version string
	// at is the call block's lines (File the absolute path).
	at lint.Range
}

// rootCalls reads the module calls of the root module in dir.
func rootCalls(t *testing.T, dir string) []standInCall {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.tf"))
	var out []standInCall
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		file, diags := hclsyntax.ParseConfig(src, f, hcl.InitialPos)
		if diags.HasErrors() {
			t.Fatalf("%s: %s", f, diags.Error())
		}
		for _, b := range file.Body.(*hclsyntax.Body).Blocks {
			if b.Type != "module" || len(b.Labels) != 1 {
				continue
			}
			c := standInCall{name: b.Labels[0], at: lint.Range{File: f, Line: b.DefRange().Start.Line, EndLine: b.Range().End.Line}}
			for attr, dst := range map[string]*string{"source": &c.source, "version": &c.version} {
				if a, ok := b.Body.Attributes[attr]; ok {
					v, d := a.Expr.Value(nil)
					if !d.HasErrors() {
						*dst = v.AsString()
					}
				}
			}
			out = append(out, c)
		}
	}
	return out
}

// standInDir is the stand-in directory for a registry source at the
// newest version the constraint allows, with that version; "" when no
// stand-in models the source.
func standInDir(t *testing.T, source, constraint string) (string, string) {
	t.Helper()
	mod, sub, _ := strings.Cut(source, "//")
	if sub == "" {
		sub = "_root"
	}
	base := filepath.Join(modelsDir, filepath.FromSlash(mod), filepath.FromSlash(sub))
	dirs, _ := filepath.Glob(filepath.Join(base, "v*"))
	var vers []*version.Version
	for _, d := range dirs {
		v, err := version.NewVersion(strings.TrimPrefix(filepath.Base(d), "v"))
		if err != nil {
			t.Fatalf("%s: not a version directory", d)
		}
		vers = append(vers, v)
	}
	if len(vers) == 0 {
		return "", ""
	}
	sort.Sort(version.Collection(vers))
	candidates := append([]*version.Version(nil), vers...)
	var cs version.Constraints
	if constraint != "" {
		var err error
		if cs, err = version.NewConstraint(constraint); err != nil {
			t.Fatalf("version %q: %v", constraint, err)
		}
		// The versions a constraint names may lie inside a directory's
		// range ("~> 19.15" allows nothing from v20 and no directory
		// starts at 19.15).
		for _, n := range constraintVersion.FindAllString(constraint, -1) {
			if v, err := version.NewVersion(n); err == nil {
				candidates = append(candidates, v)
			}
		}
	}
	sort.Sort(version.Collection(candidates))
	for i := len(candidates) - 1; i >= 0; i-- {
		c := candidates[i]
		if cs != nil && !cs.Check(c) {
			continue
		}
		for j := len(vers) - 1; j >= 0; j-- {
			if !vers[j].GreaterThan(c) {
				return filepath.Join(base, "v"+vers[j].Original()), c.String()
			}
		}
	}
	t.Fatalf("no stand-in of %s allows version %q", source, constraint)
	return "", ""
}

// copyTree copies the regular files below src into dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatalf("copying %s: %v", src, err)
	}
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

// standInAddrs are addresses every version of a stand-in creates with its
// defaults (from the version given), inside the call module.m.
var standInAddrs = map[string][]struct {
	from  string
	addrs []string
}{
	"karpenter": {
		{"18.31.0", []string{"aws_iam_role.this[0]", "aws_iam_role.irsa[0]", "aws_iam_instance_profile.this[0]"}},
		{"20.0.0", []string{"aws_iam_role.controller[0]", "aws_iam_role.node[0]", "aws_eks_access_entry.node[0]"}},
		{"21.0.0", []string{"aws_iam_role.controller[0]", "aws_iam_role.node[0]", "aws_eks_access_entry.node[0]", "aws_eks_pod_identity_association.karpenter[0]"}},
	},
	"eks-managed-node-group": {
		{"18.0.0", []string{"aws_eks_node_group.this[0]", "aws_iam_role.this[0]", "aws_launch_template.this[0]", "aws_security_group.this[0]"}},
		{"19.0.0", []string{"aws_eks_node_group.this[0]", "aws_iam_role.this[0]", "aws_launch_template.this[0]"}},
	},
	"self-managed-node-group": {
		{"18.0.0", []string{"aws_autoscaling_group.this[0]", "aws_launch_template.this[0]", "aws_iam_instance_profile.this[0]", "aws_iam_role.this[0]", "aws_security_group.this[0]"}},
		{"19.0.0", []string{"aws_autoscaling_group.this[0]", "aws_launch_template.this[0]", "aws_iam_instance_profile.this[0]", "aws_iam_role.this[0]"}},
		{"20.0.0", []string{"aws_autoscaling_group.this[0]", "aws_launch_template.this[0]", "aws_iam_instance_profile.this[0]", "aws_iam_role.this[0]", "aws_eks_access_entry.this[0]"}},
	},
	"aws-auth":        {{"20.0.0", []string{"kubernetes_config_map_v1_data.aws_auth[0]"}}},
	"fargate-profile": {{"18.0.0", []string{"aws_iam_role.this[0]"}}},
}

// TestStandInsEvaluate calls every version directory of the eks
// submodules' stand-ins with its defaults through a module cache: each
// resolves as cached code, evaluates without input errors or parse notes,
// and creates its resources at the real addresses.
func TestStandInsEvaluate(t *testing.T) {
	base := filepath.Join(modelsDir, "terraform-aws-modules", "eks", "aws", "modules")
	for sub, eras := range standInAddrs {
		dirs, _ := filepath.Glob(filepath.Join(base, sub, "v*"))
		if len(dirs) == 0 {
			t.Errorf("no stand-in of %s", sub)
		}
		for _, d := range dirs {
			ver := strings.TrimPrefix(filepath.Base(d), "v")
			t.Run(sub+"/"+ver, func(t *testing.T) {
				fixture := t.TempDir()
				call := "module \"m\" {\n  source  = \"terraform-aws-modules/eks/aws//modules/" + sub + "\"\n  version = \"" + ver + "\"\n\n  name         = \"pool\"\n  cluster_name = \"core\"\n}\n"
				if err := os.WriteFile(filepath.Join(fixture, "main.tf"), []byte(call), 0o644); err != nil {
					t.Fatal(err)
				}
				cached, _ := withStandInCache(t, fixture)
				in, err := load(cached)
				if err != nil {
					t.Fatal(err)
				}
				for _, d := range in.Diagnostics {
					t.Errorf("input error: %s: %s", d.Range, d.Summary)
				}
				for _, n := range in.Notes {
					if strings.Contains(n.What, "module.m") {
						t.Errorf("note: %s", n.What)
					}
				}
				have := map[string]bool{}
				for _, e := range in.Model.Entities() {
					have[e.Base().Label] = true
				}
				want := eras[0].addrs
				for _, e := range eras {
					if !version.Must(version.NewVersion(ver)).LessThan(version.Must(version.NewVersion(e.from))) {
						want = e.addrs
					}
				}
				for _, a := range want {
					if !have["module.m."+a] {
						t.Errorf("no module.m.%s (have %v)", a, have)
					}
				}
			})
		}
	}
}

// TestStandInsAgreeWithCallModels: where a built-in model reads a call's
// inputs without a cache (the karpenter access entry, the aws-auth
// mappings), the stand-in in a cache yields the same node access at the
// same addresses.
func TestStandInsAgreeWithCallModels(t *testing.T) {
	fixture := t.TempDir()
	src := `
module "karpenter" {
  source  = "terraform-aws-modules/eks/aws//modules/karpenter"
  version = "~> 20.10"

  cluster_name         = "core"
  create_node_iam_role = false
  node_iam_role_arn    = "arn:aws:iam::111122223333:role/core-shared-nodes"
}

module "aws_auth" {
  source  = "terraform-aws-modules/eks/aws//modules/aws-auth"
  version = "~> 20.0"

  aws_auth_roles = [
    {
      rolearn  = "arn:aws:iam::111122223333:role/core-batch-nodes"
      username = "system:node:{{EC2PrivateDNSName}}"
      groups   = ["system:bootstrappers", "system:nodes"]
    },
  ]
}
`
	if err := os.WriteFile(filepath.Join(fixture, "main.tf"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	access := func(dir string) []string {
		in, err := load(dir)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, e := range in.Model.Entities() {
			if ae, ok := e.(*lint.AccessEntry); ok {
				out = append(out, ae.Label+" "+ae.Principal.Value.String()+" "+ae.Type)
			}
		}
		sort.Strings(out)
		return out
	}
	cachedDir, _ := withStandInCache(t, fixture)
	modelled, cached := access(fixture), access(cachedDir)
	if len(modelled) != 2 {
		t.Fatalf("the call models give %d access entries, want 2: %v", len(modelled), modelled)
	}
	if strings.Join(modelled, "\n") != strings.Join(cached, "\n") {
		t.Errorf("call models:\n%s\nstand-ins:\n%s", strings.Join(modelled, "\n"), strings.Join(cached, "\n"))
	}
}
