package terraform

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

func TestEntitiesFromModulesAndInstances(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"live/main.tf": `
provider "aws" {
  region = "eu-west-1"
  assume_role {
    role_arn = "arn:aws:iam::123456789012:role/deploy"
  }
  default_tags {
    tags = { "karpenter.sh/discovery" = "core" }
  }
}
provider "aws" {
  alias  = "us"
  region = "us-east-1"
}
module "groups" {
  source   = "../modules/group"
  for_each = toset(["a", "b"])
  name     = each.key
  role     = aws_iam_role.nodes.arn
}
module "us" {
  source    = "../modules/group"
  name      = "us"
  role      = "arn:aws:iam::123456789012:role/us-nodes"
  providers = { aws = aws.us }
}
resource "aws_iam_role" "nodes" {
  name_prefix        = "core-"
  assume_role_policy = "{}"
}
resource "aws_security_group" "nodes" {
  name = "core-nodes"
  tags = { Name = "core-nodes" }
}
`,
		"live/override.tf": `
resource "aws_security_group" "nodes" {
  name = "core-nodes-v2"
}
`,
		"modules/group/main.tf": `
variable "name" {}
variable "role" {}
resource "aws_eks_node_group" "this" {
  cluster_name    = "core"
  node_group_name = var.name
  node_role_arn   = var.role
}
`,
	})
	res := Load([]string{filepath.Join(dir, "live"), filepath.Join(dir, "modules/group")}, Options{Root: dir, Rel: func(p string) string {
		r, _ := filepath.Rel(dir, p)
		return filepath.ToSlash(r)
	}})
	if len(res.Roots) != 1 || !strings.HasSuffix(res.Roots[0], "live") {
		t.Fatalf("roots = %v: a directory only reached as a local module is not a root", res.Roots)
	}
	byAddr := map[string]lint.Entity{}
	for _, e := range res.Entities {
		byAddr[e.Base().Addr] = e
	}
	ng, ok := byAddr[`live:module.groups["a"].aws_eks_node_group.this`].(*lint.NodeGroup)
	if !ok {
		t.Fatalf("missing for_each module instance; have %v", keys(byAddr))
	}
	if ref, ok := ng.Role.Value.SoleRef(); !ok || ref.Object != "live:aws_iam_role.nodes" || ref.Path != "arn" {
		t.Errorf("node role = %s, want a hole naming aws_iam_role.nodes.arn", ng.Role.Value)
	}
	if ng.Role.Range.File != "modules/group/main.tf" || ng.Role.Range.Line != 7 {
		t.Errorf("node role range = %v", ng.Role.Range)
	}
	if len(ng.Role.Passed) != 1 || ng.Role.Passed[0].File != "live/main.tf" || ng.Role.Passed[0].Line != 19 {
		t.Errorf("passed = %v, want the module argument in live/main.tf:19", ng.Role.Passed)
	}
	if ng.Scope != (lint.Scope{Partition: "aws", Account: "123456789012", Region: "eu-west-1"}) {
		t.Errorf("scope = %+v", ng.Scope)
	}
	us := byAddr[`live:module.us.aws_eks_node_group.this`].(*lint.NodeGroup)
	if us.Scope.Region != "us-east-1" {
		t.Errorf("providers = { aws = aws.us } not applied: %+v", us.Scope)
	}
	role := byAddr["live:aws_iam_role.nodes"].(*lint.Role)
	if role.Name.Prefix() != "core-" || role.Name.IsKnown() {
		t.Errorf("name_prefix role name = %s", role.Name)
	}
	sg := byAddr["live:aws_security_group.nodes"].(*lint.SecurityGroup)
	if n, _ := sg.Name.Str(); n != "core-nodes-v2" {
		t.Errorf("override not merged: name = %s", sg.Name)
	}
	if v, _ := sg.Tags["karpenter.sh/discovery"].Str(); v != "core" {
		t.Errorf("default_tags not applied: %v", sg.Tags)
	}
	if v, _ := sg.Tags["Name"].Str(); v != "core-nodes" {
		t.Errorf("tags kept by override: %v", sg.Tags)
	}
}

func TestBadInputNeverPanics(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"a/main.tf":      "resource \"aws_iam_role\" \"x\" {\n  name = \n}\n",
		"b/main.tf.json": `{"resource": {"aws_iam_role": {"x": {"name": `,
		"c/main.tf": `
locals {
  a = local.b
  b = local.a
}
module "self" {
  source = "./"
}
resource "aws_iam_role" "r" {
  count = -1
  name  = local.a
}
resource "aws_iam_role" "s" {
  for_each = ["list", "not", "allowed"]
  name     = each.value
}
output "o" { value = nosuchfunction(1) }
`,
		"c/terraform.tfvars": "a = ",
	})
	res := Load([]string{filepath.Join(dir, "a"), filepath.Join(dir, "b"), filepath.Join(dir, "c")}, Options{Root: dir})
	files := map[string]bool{}
	for _, d := range res.Diagnostics {
		files[filepath.Base(filepath.Dir(d.Range.File))+"/"+filepath.Base(d.Range.File)] = true
		if d.Range.Line == 0 {
			t.Errorf("diagnostic without a line: %+v", d)
		}
	}
	for _, f := range []string{"a/main.tf", "b/main.tf.json", "c/terraform.tfvars"} {
		if !files[f] {
			t.Errorf("no diagnostic for %s; have %v", f, res.Diagnostics)
		}
	}
}

func TestJSONConfiguration(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"main.tf.json": `{
  "variable": {"cluster": {"default": "json"}},
  "resource": {
    "aws_iam_role": {"nodes": {"name": "${var.cluster}-nodes", "assume_role_policy": "{}"}},
    "aws_eks_node_group": {"ng": {
      "cluster_name": "json",
      "node_role_arn": "${aws_iam_role.nodes.arn}",
      "launch_template": {"id": "lt-123", "version": "1"}
    }}
  }
}`,
	})
	res := Load([]string{dir}, Options{Root: dir})
	var role *lint.Role
	var ng *lint.NodeGroup
	for _, e := range res.Entities {
		switch x := e.(type) {
		case *lint.Role:
			role = x
		case *lint.NodeGroup:
			ng = x
		}
	}
	if role == nil || role.Name.String() != "json-nodes" {
		t.Fatalf("role = %+v", role)
	}
	if ng == nil || ng.Role.Value.String() != "${aws_iam_role.nodes.arn}" || ng.Role.Range.Line != 7 {
		t.Fatalf("node group = %+v", ng)
	}
	if ng.LaunchTemplate.Value.String() != "lt-123" {
		t.Errorf("launch template (JSON block as object) = %s", ng.LaunchTemplate.Value)
	}
}

// writeTree writes files (path → content) under a temporary directory.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, c := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// keys are the keys of m, in no order.
func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestOverrideWithoutBaseModule: an override file whose module block
// overrides no module block of the directory (a CI fixture copied beside
// a root) calls nothing: a note names the block at its file, and no call
// without a source is listed.
func TestOverrideWithoutBaseModule(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"main.tf":             "variable \"region\" {\n  type    = string\n  default = \"eu-west-1\"\n}\n",
		"fixture_override.tf": "module \"orchestration\" {\n  force_destroy = true\n}\n",
	})
	res := Load([]string{dir}, Options{Root: dir, Holes: lint.NewHoles(), Rel: func(p string) string { r, _ := filepath.Rel(dir, p); return filepath.ToSlash(r) }})
	noted := false
	for _, n := range res.Notes {
		if n.Range.File == "fixture_override.tf" && strings.Contains(n.What, `module block "orchestration" overrides no module block`) {
			noted = true
		}
	}
	if !noted || len(res.Modules) != 0 {
		t.Errorf("notes %+v, calls %+v", res.Notes, res.Modules)
	}
}
