package rules_test

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/go-version"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/lint/linttest"
	"github.com/faultline-dev/faultline/rules"
)

var constraintVersion = regexp.MustCompile(`\d+(?:\.\d+)*`)

// standInCall is a root module call a stand-in answers.
type standInCall struct {
	name, source, version string
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
			c := standInCall{name: b.Labels[0]}
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

// withStandInCache copies the fixture in dir into a temporary directory
// and installs, as `terraform init` would, a module cache in every root
// module directory of the copy, holding the stand-in module of each call a
// stand-in models (the stand-ins in the source tree, copied as they are).
// It returns the copy.
func withStandInCache(t *testing.T, dir string) string {
	t.Helper()
	root := t.TempDir()
	copyTree(t, dir, root)
	installed := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if d.Name() == ".terraform" {
			return filepath.SkipDir
		}
		installed += installStandIns(t, p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if installed == 0 {
		t.Fatalf("%s calls no module a stand-in models", dir)
	}
	return root
}

// installStandIns writes the module cache of the root module in dir: the
// stand-ins of its calls and their modules.json. It returns how many calls
// it installed (0 writes nothing).
func installStandIns(t *testing.T, dir string) int {
	t.Helper()
	type record struct{ Key, Source, Version, Dir string }
	records := []record{{Key: "", Source: "", Dir: "."}}
	for _, c := range rootCalls(t, dir) {
		src, ver := standInDir(t, c.source, c.version)
		if src == "" {
			continue
		}
		rel := filepath.ToSlash(filepath.Join(".terraform", "modules", c.name))
		copyTree(t, src, filepath.Join(dir, rel))
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

// modelledWithoutCache are the positive stand-in fixtures whose findings
// the built-in models of registry calls already give without a cache.
var modelledWithoutCache = map[string]bool{
	"FL305/positive_aws_auth_module_mapping_removed": true,
}

// TestStandInFixtures runs the fixtures of testdata/models/<ID>/<case>,
// which call registry modules, with a module cache of the stand-ins: the
// stand-ins are evaluated as installed code and the `# want` comments
// must match (positive cases) or nothing is reported (negative cases).
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
			res := linttest.Run(t, withStandInCache(t, d), load, rule)
			if strings.HasPrefix(name, "positive") && len(res.Findings) == 0 {
				t.Error("positive fixture produced no finding")
			}
		})
		// Without a cache, the calls are read by the built-in models: the
		// same findings where those models cover the call today.
		if strings.HasPrefix(name, "negative") || modelledWithoutCache[id+"/"+name] {
			t.Run(id+"/"+name+"/without_cache", func(t *testing.T) {
				linttest.Run(t, d, load, rule)
			})
		}
	}
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
				in, err := load(withStandInCache(t, fixture))
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
	modelled, cached := access(fixture), access(withStandInCache(t, fixture))
	if len(modelled) != 2 {
		t.Fatalf("the call models give %d access entries, want 2: %v", len(modelled), modelled)
	}
	if strings.Join(modelled, "\n") != strings.Join(cached, "\n") {
		t.Errorf("call models:\n%s\nstand-ins:\n%s", strings.Join(modelled, "\n"), strings.Join(cached, "\n"))
	}
}
