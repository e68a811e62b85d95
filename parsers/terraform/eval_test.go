package terraform

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

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

// outputs evaluates the root module in dir and returns its outputs as
// symbolic values.
func outputs(t *testing.T, dir string, opts Options) map[string]lint.Value {
	t.Helper()
	if opts.Root == "" {
		opts.Root = dir
	}
	e := newLoader(opts).evaluate(dir)
	out := map[string]lint.Value{}
	for k, v := range e.rootInst.outputs {
		out[k] = e.h.toValue(v)
	}
	return out
}

func TestSymbolicValuesSurvive(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"main.tf": `
module "eks" {
  # A registry module faultline has no model of: its outputs are holes.
  source = "example-corp/eks/aws"
}
variable "ns" {}
locals {
  issuer = module.eks.oidc_provider
}
output "template" { value = "${module.eks.cluster_name}-nodes" }
output "json_key" {
  value = jsonencode({ "${local.issuer}:sub" = "system:serviceaccount:${var.ns}:karpenter" })
}
output "yaml_key" { value = yamlencode({ "${local.issuer}:aud" = "sts.amazonaws.com" }) }
output "templatefile" { value = templatefile("${path.module}/trust.tpl", { issuer = local.issuer }) }
output "format" { value = format("%s-%s", var.ns, "x") }
output "join" { value = join("/", ["a", var.ns]) }
output "lower" { value = lower("${var.ns}-NODES") }
output "replace" { value = replace("${var.ns}_nodes", "_", "-") }
output "replace_long" { value = replace("${var.ns}_nodes", "_n", "-n") }
output "trimprefix" { value = trimprefix("arn:${var.ns}", "arn:") }
output "startswith_known" { value = startswith("prod-${var.ns}", "pro") }
output "startswith_no" { value = startswith("prod-${var.ns}", "dev") }
output "startswith_unknown" { value = startswith("${var.ns}-x", "a") }
output "strlen" { value = length("${var.ns}") }
output "listlen" { value = length([var.ns, "b"]) }
output "compare" { value = var.ns == "kube-system" ? "yes" : "no" }
output "compare_null" { value = var.ns != null ? var.ns : "default" }
output "substr" { value = substr(var.ns, 0, 2) }
output "sha" { value = sha256(var.ns) }
output "decode" { value = jsondecode(jsonencode({ a = var.ns })).a }
output "coalesce" { value = coalesce("", var.ns) }
`,
		"trust.tpl": `{"Condition":{"StringEquals":{"${issuer}:sub":"x"}}}`,
	})
	got := outputs(t, dir, Options{})
	want := map[string]string{
		"template":           "${module.eks.cluster_name}-nodes",
		"json_key":           `{"${module.eks.oidc_provider}:sub":"system:serviceaccount:${var.ns}:karpenter"}`,
		"yaml_key":           `"${module.eks.oidc_provider}:aud": "sts.amazonaws.com"` + "\n",
		"templatefile":       `{"Condition":{"StringEquals":{"${module.eks.oidc_provider}:sub":"x"}}}`,
		"format":             "${var.ns}-x",
		"join":               "a/${var.ns}",
		"lower":              "${…}-nodes",
		"replace":            "${…}-nodes",
		"replace_long":       "${…}", // an anonymous hole in place (DESIGN.md)
		"trimprefix":         "${var.ns}",
		"startswith_known":   "true",
		"startswith_no":      "false",
		"startswith_unknown": "(unknown)",
		"strlen":             "(unknown)",
		"listlen":            "2",
		"compare":            "(unknown)",
		"compare_null":       "${var.ns}",
		"substr":             "${…}", // an anonymous hole in place (DESIGN.md)
		"sha":                "${…}", // an anonymous hole in place (DESIGN.md)
		"decode":             "${var.ns}",
		"coalesce":           "${var.ns}",
	}
	for k, w := range want {
		if g := got[k].String(); g != w {
			t.Errorf("output %s = %s, want %s", k, g, w)
		}
	}
	// The hole keeps its reference, so equal references compare equal.
	if lint.Compare(got["template"], got["template"]) != lint.Yes {
		t.Error("a value with holes must equal itself")
	}
	if lint.Compare(got["lower"], got["lower"]) == lint.Yes {
		t.Error("anonymous holes must never prove equality")
	}
}

// TestFunctions checks the function table on known values: every function
// Terraform code commonly uses is present and behaves as in Terraform.
func TestFunctions(t *testing.T) {
	cases := map[string]string{
		`jsonencode({a = 1})`:                          `{"a":1}`,
		`jsondecode("{\"a\":\"b\"}").a`:                "b",
		`yamldecode("a: b").a`:                         "b",
		`yamlencode({a = "b"})`:                        "\"a\": \"b\"\n",
		`format("%s-%03d", "x", 7)`:                    "x-007",
		`join(",", ["a", "b"])`:                        "a,b",
		`split(",", "a,b")[1]`:                         "b",
		`replace("a-b-c", "-", "_")`:                   "a_b_c",
		`replace("a1b22", "/[0-9]+/", "")`:             "ab",
		`lower("ABC")`:                                 "abc",
		`upper("abc")`:                                 "ABC",
		`trimprefix("prod-x", "prod-")`:                "x",
		`trimsuffix("x-nodes", "-nodes")`:              "x",
		`concat(["a"], ["b"])[1]`:                      "b",
		`merge({a = "1"}, {a = "2"}).a`:                "2",
		`lookup({a = "1"}, "b", "dflt")`:               "dflt",
		`element(["a", "b"], 3)`:                       "b",
		`try(local.missing, "fallback")`:               "fallback",
		`can(regex("^a", "abc"))`:                      "true",
		`coalesce("", "x")`:                            "x",
		`coalescelist([], ["y"])[0]`:                   "y",
		`length(compact(["a", "", "b"]))`:              "2",
		`length(distinct(["a", "a"]))`:                 "1",
		`length(flatten([["a"], ["b", "c"]]))`:         "3",
		`keys({b = 1, a = 2})[0]`:                      "a",
		`values({b = "x", a = "y"})[0]`:                "y",
		`contains(["a", "b"], "b")`:                    "true",
		`tomap({a = "b"}).a`:                           "b",
		`tolist(["a"])[0]`:                             "a",
		`length(toset(["a", "a"]))`:                    "1",
		`tostring(12)`:                                 "12",
		`startswith("prod-x", "prod")`:                 "true",
		`endswith("prod-x", "-x")`:                     "true",
		`regex("^([a-z]+)-", "prod-x")[0]`:             "prod",
		`length(regexall("[0-9]", "a1b2"))`:            "2",
		`basename("a/b/c.yaml")`:                       "c.yaml",
		`dirname("a/b/c.yaml")`:                        "a/b",
		`startswith(abspath("x"), "/")`:                "true",
		`one(["only"])`:                                "only",
		`sum([1, 2])`:                                  "3",
		`alltrue([true, true])`:                        "true",
		`base64decode(base64encode("hi"))`:             "hi",
		`flatten([for k, v in {a = "1"} : [k, v]])[1]`: "1",
		`[for s in ["a", "b"] : upper(s)][1]`:          "B",
		`{ for s in ["a"] : s => "${s}!" }["a"]`:       "a!",
		`([{ n = "x" }, { n = "y" }][*].n)[1]`:         "y",
	}
	var b strings.Builder
	names := map[string]string{}
	i := 0
	for expr, want := range cases {
		name := "o" + string(rune('a'+i/26)) + string(rune('a'+i%26))
		i++
		names[name] = expr
		b.WriteString("output \"" + name + "\" {\n  value = " + expr + "\n}\n")
		_ = want
	}
	dir := writeTree(t, map[string]string{"main.tf": b.String()})
	got := outputs(t, dir, Options{})
	for name, expr := range names {
		if g, w := got[name].String(), cases[expr]; g != w {
			t.Errorf("%s = %q, want %q", expr, g, w)
		}
	}
}

func TestVariablePrecedence(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"main.tf": `
variable "a" { default = "default" }
variable "b" { default = "default" }
variable "c" { default = "default" }
variable "d" { default = "default" }
variable "e" { default = "default" }
variable "n" { type = number }
variable "tags" {
  type = object({ team = string, env = optional(string, "dev") })
}
output "a" { value = var.a }
output "b" { value = var.b }
output "c" { value = var.c }
output "d" { value = var.d }
output "e" { value = var.e }
output "n" { value = var.n }
output "env" { value = var.tags.env }
`,
		"terraform.tfvars":  "b = \"tfvars\"\nc = \"tfvars\"\nd = \"tfvars\"\ne = \"tfvars\"\ntags = { team = \"x\" }\n",
		"b.auto.tfvars":     "c = \"auto-b\"\n",
		"a.auto.tfvars":     "c = \"auto-a\"\nd = \"auto-a\"\n",
		"extra/prod.tfvars": "d = \"var-file\"\ne = \"var-file\"\n",
	})
	got := outputs(t, dir, Options{VarFiles: []string{filepath.Join(dir, "extra/prod.tfvars")}, Vars: map[string]string{"e": "flag", "n": "3"},
		InputsFor: func(string) (map[string]string, []string) {
			// .faultline.hcl: below --var-file and --var, above tfvars.
			return map[string]string{"b": "config", "d": "config", "e": "config"}, nil
		}})
	for k, w := range map[string]string{"a": "default", "b": "config", "c": "auto-b", "d": "var-file", "e": "flag", "n": "3", "env": "dev"} {
		if g := got[k].String(); g != w {
			t.Errorf("var.%s = %s, want %s", k, g, w)
		}
	}
}

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

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestPolicyDocumentKeepsHoles(t *testing.T) {
	dir := writeTree(t, map[string]string{"main.tf": `
module "eks" {
  # A registry module faultline has no model of: its outputs are holes.
  source = "example-corp/eks/aws"
}
data "aws_iam_policy_document" "base" {
  statement {
    sid     = "Base"
    actions = ["sts:AssumeRole"]
  }
}
data "aws_iam_policy_document" "trust" {
  source_policy_documents = [data.aws_iam_policy_document.base.json]
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [module.eks.oidc_provider_arn]
    }
    condition {
      test     = "StringEquals"
      variable = "${module.eks.oidc_provider}:sub"
      values   = ["system:serviceaccount:karpenter:karpenter"]
    }
  }
}
output "json" { value = data.aws_iam_policy_document.trust.json }
`})
	got := outputs(t, dir, Options{})["json"].String()
	for _, want := range []string{`"Sid":"Base"`, `"Federated":["${module.eks.oidc_provider_arn}"]`, `"${module.eks.oidc_provider}:sub":["system:serviceaccount:karpenter:karpenter"]`} {
		if !strings.Contains(got, want) {
			t.Errorf("policy json %s lacks %s", got, want)
		}
	}
}

func TestFileStaysInsideTree(t *testing.T) {
	outside := writeTree(t, map[string]string{"secret.txt": "s3cr3t"})
	dir := writeTree(t, map[string]string{
		"main.tf": `
output "inside" { value = file("${path.module}/inside.txt") }
output "outside" { value = file("` + filepath.ToSlash(filepath.Join(outside, "secret.txt")) + `") }
output "escape" { value = file("../../etc/passwd") }
`,
		"inside.txt": "ok",
	})
	got := outputs(t, dir, Options{})
	if g := got["inside"].String(); g != "ok" {
		t.Errorf("inside = %s", g)
	}
	for _, k := range []string{"outside", "escape"} {
		if !got[k].IsUnknown() {
			t.Errorf("%s = %s, want unknown (outside the tree)", k, got[k])
		}
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
