package terraform

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
)

// loadCached loads the root module in dir (the tree is dir alone) with
// paths reported relative to dir.
func loadCached(dir string) Result {
	return Load([]string{dir}, Options{Root: dir, Tree: treefs.New([]string{dir}, ""), Rel: func(p string) string {
		r, _ := filepath.Rel(dir, p)
		return filepath.ToSlash(r)
	}})
}

// resolutions maps each call path to how it resolved.
func resolutions(res Result) map[string]modsource.Resolution {
	out := map[string]modsource.Resolution{}
	for _, c := range res.Modules {
		out[c.Call] = c.How
	}
	return out
}

// nodeGroups lists the labels of the node groups loaded.
func nodeGroups(res Result) []string {
	var out []string
	for _, e := range res.Entities {
		if ng, ok := e.(*lint.NodeGroup); ok {
			out = append(out, ng.Label)
		}
	}
	return out
}

// hasNote reports whether a note of kind names all the parts.
func hasNote(res Result, kind lint.CoverageKind, parts ...string) bool {
	for _, n := range res.Notes {
		if n.Kind != kind {
			continue
		}
		all := true
		for _, p := range parts {
			all = all && strings.Contains(n.What+" "+n.Range.File, p)
		}
		if all {
			return true
		}
	}
	return false
}

const nodeGroupModule = `
variable "name" {}
variable "role_arn" {}
resource "aws_eks_node_group" "this" {
  cluster_name    = "core"
  node_group_name = var.name
  node_role_arn   = var.role_arn
  subnet_ids      = ["subnet-1"]
  scaling_config {
    desired_size = 1
    max_size     = 1
    min_size     = 1
  }
}
output "name" { value = aws_eks_node_group.this.node_group_name }
`

// A registry module in the cache calls another registry module (its own
// record, key "platform.pools") and a local one below its cached directory;
// every call evaluates from the cached code, instance keys dropped from the
// key of a call under for_each.
func TestModuleCacheNestedCalls(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"main.tf": `
module "platform" {
  source   = "acme/platform/aws"
  version  = "~> 3.1"
  for_each = toset(["blue"])
  env      = each.key
}
output "pool" { value = module.platform["blue"].pool }
output "tag" { value = module.platform["blue"].tag }
`,
		".terraform/modules/modules.json": `{"Modules":[
  {"Key":"","Source":"","Dir":"."},
  {"Key":"platform","Source":"registry.terraform.io/acme/platform/aws","Version":"3.1.7","Dir":".terraform/modules/platform"},
  {"Key":"platform.pools","Source":"registry.terraform.io/acme/pools/aws","Version":"1.0.2","Dir":".terraform/modules/platform.pools"},
  {"Key":"platform.tags","Source":"./modules/tags","Dir":".terraform/modules/platform/modules/tags"}]}`,
		".terraform/modules/platform/main.tf": `
variable "env" {}
module "pools" {
  source   = "acme/pools/aws"
  name     = "${var.env}-system"
  role_arn = "arn:aws:iam::111122223333:role/${var.env}-nodes"
}
module "tags" {
  source = "./modules/tags"
  env    = var.env
}
output "pool" { value = module.pools.name }
output "tag" { value = module.tags.value }
`,
		".terraform/modules/platform/modules/tags/main.tf": `
variable "env" {}
output "value" { value = "team-${var.env}" }
`,
		".terraform/modules/platform.pools/main.tf": nodeGroupModule,
	})
	res := loadCached(dir)
	got := resolutions(res)
	want := map[string]modsource.Resolution{"module.platform": modsource.ResolvedCached, "module.platform.module.pools": modsource.ResolvedCached, "module.platform.module.tags": modsource.ResolvedLocal}
	for call, how := range want {
		if got[call] != how {
			t.Errorf("%s resolved %q, want %q (all: %v)", call, got[call], how, got)
		}
	}
	if ng := nodeGroups(res); len(ng) != 1 || ng[0] != `module.platform["blue"].module.pools.aws_eks_node_group.this` {
		t.Errorf("node groups = %v", ng)
	}
	// The role is built inside the cached module: the chain ends at the
	// call in the user's main.tf, where it can be changed.
	for _, e := range res.Entities {
		if ng, ok := e.(*lint.NodeGroup); ok {
			p := ng.Role.Passed
			if len(p) == 0 || p[len(p)-1].Range.File != "main.tf" || p[len(p)-1].Range.Line != 2 {
				t.Errorf("node role chain %+v does not end at the call in main.tf:2", p)
			}
		}
	}
	for _, c := range res.Modules {
		if c.Call == "module.platform" && (c.Version != "3.1.7" || c.Dir != ".terraform/modules/platform") {
			t.Errorf("module.platform listed as %+v", c)
		}
	}
	if len(res.Diagnostics) > 0 {
		t.Errorf("diagnostics: %v", res.Diagnostics)
	}
	out := outputs(t, dir, Options{})
	if v := out["tag"]; !v.IsKnown() || v.String() != "team-blue" {
		t.Errorf("tag = %v, want team-blue from the local module inside the cached one", v)
	}
	if v := out["pool"]; !v.IsKnown() || v.String() != "blue-system" {
		t.Errorf("pool = %v, want blue-system from the nested cached module", v)
	}
}

// A manifest that is not one is a coverage note on modules.json; the call
// stays unknown and nothing is an input error.
func TestModuleCacheMalformedManifest(t *testing.T) {
	for name, manifest := range map[string]string{
		"not json":    `{"Modules":[{"Key":"nodes","Dir":".terraform/modules/nodes"}`,
		"two nodes":   `{"Modules":[{"Key":"nodes","Source":"acme/nodes/aws","Dir":".terraform/modules/nodes"},{"Key":"nodes","Source":"acme/nodes/aws","Dir":".terraform/modules/nodes"}]}`,
		"wrong shape": `{"Modules":{"nodes":".terraform/modules/nodes"}}`,
	} {
		t.Run(name, func(t *testing.T) {
			dir := writeTree(t, map[string]string{
				"main.tf":                          "module \"nodes\" {\n  source   = \"acme/nodes/aws\"\n  name     = \"a\"\n  role_arn = \"arn:aws:iam::111122223333:role/a\"\n}\n",
				".terraform/modules/modules.json":  manifest,
				".terraform/modules/nodes/main.tf": nodeGroupModule,
			})
			res := loadCached(dir)
			if len(res.Diagnostics) > 0 {
				t.Errorf("a broken manifest is not an input error: %v", res.Diagnostics)
			}
			if !hasNote(res, lint.Skipped, "module cache not read", ".terraform/modules/modules.json") {
				t.Errorf("no note on the manifest: %v", res.Notes)
			}
			if got := resolutions(res)["module.nodes"]; got != modsource.ResolvedUnknown {
				t.Errorf("module.nodes resolved %q, want unknown", got)
			}
			if ng := nodeGroups(res); len(ng) != 0 {
				t.Errorf("node groups read past a broken manifest: %v", ng)
			}
		})
	}
}

// A record whose directory leads out of the tree — by .. or through a
// symlink — is refused with a note; nothing there is read.
func TestModuleCacheDirOutsideTree(t *testing.T) {
	base := writeTree(t, map[string]string{
		"elsewhere/nodes/main.tf": nodeGroupModule,
		"repo/main.tf":            "module \"nodes\" {\n  source   = \"acme/nodes/aws\"\n  name     = \"a\"\n  role_arn = \"arn:aws:iam::111122223333:role/a\"\n}\n",
	})
	dir := filepath.Join(base, "repo")
	outside := filepath.Join(base, "elsewhere", "nodes")
	cases := map[string]func(t *testing.T) string{
		"dotdot":   func(t *testing.T) string { return "../elsewhere/nodes" },
		"absolute": func(t *testing.T) string { return outside },
		"symlink": func(t *testing.T) string {
			if err := os.Symlink(outside, filepath.Join(dir, ".terraform", "modules", "nodes")); err != nil {
				t.Skip("no symlinks here:", err)
			}
			return ".terraform/modules/nodes"
		},
	}
	for name, recordDir := range cases {
		t.Run(name, func(t *testing.T) {
			if err := os.RemoveAll(filepath.Join(dir, ".terraform")); err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(filepath.Join(dir, ".terraform", "modules"), 0o755); err != nil {
				t.Fatal(err)
			}
			rd := filepath.ToSlash(recordDir(t))
			m := `{"Modules":[{"Key":"nodes","Source":"registry.terraform.io/acme/nodes/aws","Version":"1.0.0","Dir":"` + rd + `"}]}`
			if err := os.WriteFile(filepath.Join(dir, ".terraform", "modules", "modules.json"), []byte(m), 0o644); err != nil {
				t.Fatal(err)
			}
			res := loadCached(dir)
			if ng := nodeGroups(res); len(ng) != 0 {
				t.Errorf("read code outside the tree: %v", ng)
			}
			for _, f := range res.Files {
				if treefs.Within(filepath.Join(base, "elsewhere"), f) {
					t.Errorf("read %s", f)
				}
			}
			if !hasNote(res, lint.Skipped, "module.nodes", "outside the scanned tree") {
				t.Errorf("no note on the refused directory: %v", res.Notes)
			}
			if got := resolutions(res)["module.nodes"]; got != modsource.ResolvedUnknown {
				t.Errorf("module.nodes resolved %q, want unknown", got)
			}
		})
	}
}

// The cache answers before a built-in model (the cached code is the real
// code); cached code that does not parse, or a record installed from
// another source, is a note and the call falls back.
func TestModuleCacheOrder(t *testing.T) {
	call := "module \"eks\" {\n  source  = \"terraform-aws-modules/eks/aws\"\n  version = \"~> 20.0\"\n  name     = \"a\"\n  role_arn = \"arn:aws:iam::111122223333:role/a\"\n}\n"
	record := func(src string) string {
		return `{"Modules":[{"Key":"eks","Source":"` + src + `","Version":"20.8.4","Dir":".terraform/modules/eks"}]}`
	}
	for name, c := range map[string]struct {
		manifest, code string
		want           modsource.Resolution
		note           string
	}{
		"cached wins":   {record("registry.terraform.io/terraform-aws-modules/eks/aws"), nodeGroupModule, modsource.ResolvedCached, ""},
		"other source":  {record("git::https://github.com/terraform-aws-modules/terraform-aws-eks.git"), nodeGroupModule, modsource.ResolvedModelled, "the module cache holds"},
		"other version": {`{"Modules":[{"Key":"eks","Source":"registry.terraform.io/terraform-aws-modules/eks/aws","Version":"21.3.0","Dir":".terraform/modules/eks"}]}`, nodeGroupModule, modsource.ResolvedModelled, "asks for ~> 20.0"},
		"broken code":   {record("registry.terraform.io/terraform-aws-modules/eks/aws"), "resource \"aws_eks_node_group\" {\n", modsource.ResolvedModelled, "does not parse"},
	} {
		t.Run(name, func(t *testing.T) {
			dir := writeTree(t, map[string]string{
				"main.tf":                         call,
				".terraform/modules/modules.json": c.manifest,
				".terraform/modules/eks/main.tf":  c.code,
			})
			res := loadCached(dir)
			if got := resolutions(res)["module.eks"]; got != c.want {
				t.Errorf("module.eks resolved %q, want %q", got, c.want)
			}
			if len(res.Diagnostics) > 0 {
				t.Errorf("cached code is not the user's input: %v", res.Diagnostics)
			}
			if c.note != "" && !hasNote(res, lint.Skipped, "module.eks", c.note) {
				t.Errorf("no note %q: %v", c.note, res.Notes)
			}
			if ng := nodeGroups(res); (c.want == modsource.ResolvedCached) != (len(ng) == 1) {
				t.Errorf("node groups = %v", ng)
			}
		})
	}
}

// outputs evaluates the root module in dir and returns its outputs as
// symbolic values.
func outputs(t *testing.T, dir string, opts Options) map[string]lint.Value {
	t.Helper()
	if opts.Root == "" {
		opts.Root = dir
	}
	return newLoader(opts).Evaluate(dir).OutputValues()
}
