package terraform

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// dependsOf is the DependsOn of the entity labelled label, failing the
// test when there is none.
func dependsOf(t *testing.T, got map[string]lint.Entity, label string) []string {
	t.Helper()
	e, ok := got[label]
	if !ok {
		t.Fatalf("%s missing; have %v", label, keys(got))
	}
	return e.Base().DependsOn
}

// wantDeps compares a DependsOn with the labels of the targets (the root
// qualifier "." added).
func wantDeps(t *testing.T, label string, have []string, want ...string) {
	t.Helper()
	var full []string
	for _, w := range want {
		full = append(full, ".:"+w)
	}
	if !slices.Equal(have, full) {
		t.Errorf("%s depends on %q, want %q", label, have, full)
	}
}

// TestDependsOnResourceTargets: a resource target stands for every
// instance of it that is an entity, through an instance key too (Terraform
// orders against the whole resource); a data source is a target; a
// resource faultline does not model is none; each target once, never the
// object itself; targets declared after the dependent resolve.
func TestDependsOnResourceTargets(t *testing.T) {
	res := loadTree(t, map[string]string{"main.tf": `
resource "aws_security_group" "a" {
  name       = "a"
  depends_on = [aws_iam_role.nodes[0], data.aws_iam_role.existing, aws_iam_role_policy_attachment.p, aws_iam_role.nodes, aws_security_group.a]
}
resource "aws_security_group" "quoted" {
  name       = "quoted"
  depends_on = ["aws_iam_role.solo"]
}
resource "aws_iam_role" "nodes" {
  count = 2
  name  = "nodes-${count.index}"
}
resource "aws_iam_role" "solo" {
  name = "solo"
}
data "aws_iam_role" "existing" {
  name = "existing"
}
resource "aws_iam_role_policy_attachment" "p" {
  role       = "nodes-0"
  policy_arn = "arn:aws:iam::aws:policy/AmazonEKSWorkerNodePolicy"
}
`})
	if len(res.Diagnostics) != 0 {
		t.Fatalf("diagnostics %v", res.Diagnostics)
	}
	got := byLabel(res)
	wantDeps(t, "a", dependsOf(t, got, "aws_security_group.a"), "aws_iam_role.nodes[0]", "aws_iam_role.nodes[1]", "data.aws_iam_role.existing")
	wantDeps(t, "quoted", dependsOf(t, got, "aws_security_group.quoted"), "aws_iam_role.solo")
	for _, l := range []string{"aws_iam_role.solo", "aws_iam_role.nodes[0]", "data.aws_iam_role.existing"} {
		if d := dependsOf(t, got, l); d != nil {
			t.Errorf("%s depends on %q, wrote no depends_on", l, d)
		}
	}
}

// TestDependsOnModules: a module target stands for every entity declared
// inside the call, nested calls included; a module call's depends_on
// applies to every entity inside it, after the block's own targets
// (innermost first); a module's output names no entity.
func TestDependsOnModules(t *testing.T) {
	res := loadTree(t, map[string]string{
		"main.tf": `
resource "aws_iam_role" "after" {
  name       = "after"
  depends_on = [module.eks, module.eks.cluster_name]
}
module "eks" {
  source = "./eks"
}
module "addons" {
  source     = "./addons"
  depends_on = [module.eks, aws_iam_role.base]
}
resource "aws_iam_role" "base" {
  name = "base"
}
`,
		"eks/main.tf": `
resource "aws_iam_role" "cluster" {
  name = "cluster"
}
module "nodes" {
  source = "./nodes"
}
output "cluster_name" {
  value = "core"
}
`,
		"eks/nodes/main.tf": `
resource "aws_iam_role" "node" {
  name = "node"
}
`,
		"addons/main.tf": `
resource "aws_iam_role" "lb" {
  name       = "lb"
  depends_on = [aws_iam_role.irsa]
}
resource "aws_iam_role" "irsa" {
  name = "irsa"
}
module "inner" {
  source = "./inner"
}
`,
		"addons/inner/main.tf": `
resource "aws_iam_role" "deep" {
  name = "deep"
}
`,
	})
	if len(res.Diagnostics) != 0 {
		t.Fatalf("diagnostics %v", res.Diagnostics)
	}
	got := byLabel(res)
	// A target's entities in the order they are evaluated: module calls
	// first.
	eks := []string{"module.eks.module.nodes.aws_iam_role.node", "module.eks.aws_iam_role.cluster"}
	wantDeps(t, "after", dependsOf(t, got, "aws_iam_role.after"), eks...)
	outer := append(slices.Clone(eks), "aws_iam_role.base")
	wantDeps(t, "lb", dependsOf(t, got, "module.addons.aws_iam_role.lb"), append([]string{"module.addons.aws_iam_role.irsa"}, outer...)...)
	wantDeps(t, "irsa", dependsOf(t, got, "module.addons.aws_iam_role.irsa"), outer...)
	wantDeps(t, "deep", dependsOf(t, got, "module.addons.module.inner.aws_iam_role.deep"), outer...)
	for _, l := range append(eks, "aws_iam_role.base") {
		if d := dependsOf(t, got, l); d != nil {
			t.Errorf("%s depends on %q", l, d)
		}
	}
}

// TestDependsOnInstances: instances whose count is unknown (the one
// possible instance [*]) are targets and dependents like the others; a
// for_each module call's depends_on applies to each instance's entities,
// resolved in the module instance that makes the call.
func TestDependsOnInstances(t *testing.T) {
	res := loadTree(t, map[string]string{
		"main.tf": `
variable "n" {
  type = number
}
resource "aws_iam_role" "maybe" {
  count = var.n
  name  = "maybe-${count.index}"
}
resource "aws_security_group" "zone" {
  for_each   = toset(["a", "b"])
  name       = "zone-${each.key}"
  depends_on = [aws_iam_role.maybe]
}
module "pools" {
  source     = "./pool"
  for_each   = toset(["x", "y"])
  name       = each.key
  depends_on = [aws_security_group.zone]
}
`,
		"pool/main.tf": `
variable "name" {}
resource "aws_iam_role" "r" {
  name = var.name
}
resource "aws_iam_role" "later" {
  count      = var.name == "x" ? 1 : 0
  name       = "later-${var.name}"
  depends_on = [aws_iam_role.r]
}
`,
	})
	got := byLabel(res)
	for _, k := range []string{`["a"]`, `["b"]`} {
		wantDeps(t, "zone"+k, dependsOf(t, got, "aws_security_group.zone"+k), "aws_iam_role.maybe[*]")
	}
	zones := []string{`aws_security_group.zone["a"]`, `aws_security_group.zone["b"]`}
	for _, k := range []string{`["x"]`, `["y"]`} {
		wantDeps(t, "pool"+k, dependsOf(t, got, "module.pools"+k+".aws_iam_role.r"), zones...)
	}
	wantDeps(t, "later", dependsOf(t, got, `module.pools["x"].aws_iam_role.later[0]`), append([]string{`module.pools["x"].aws_iam_role.r`}, zones...)...)
	if _, ok := got[`module.pools["y"].aws_iam_role.later[0]`]; ok {
		t.Errorf("later exists in pool y")
	}
}

// dependsOnDiagCases are depends_on arguments and the errors Terraform
// gives for them (summary@line), as `terraform validate` reports them
// (TestDependsOnOracle checks this table against the terraform CLI).
// Every case also has a module "m" (./mod, with an output "o"), a
// variable "a" and a local "b"; faultline does not report references to
// undeclared objects, here as anywhere else, so no case has one.
var dependsOnDiagCases = []struct {
	name, src string
	want      []string
}{
	{"not a list", `
resource "terraform_data" "y" {
  depends_on = terraform_data.x
}`, []string{"Invalid expression@3"}},
	{"null", `
resource "terraform_data" "y" {
  depends_on = null
}`, []string{"Invalid expression@3"}},
	{"not references", `
resource "terraform_data" "y" {
  depends_on = [terraform_data.x, 1 + 2, upper("x"), "${local.b}-x"]
}`, []string{"Invalid expression@3", "Invalid expression@3", "Invalid expression@3"}},
	{"splat", `
resource "terraform_data" "y" {
  depends_on = [terraform_data.x[*]]
}`, []string{"Invalid expression@3"}},
	{"attribute", `
resource "terraform_data" "y" {
  depends_on = [
    terraform_data.x.id,
    terraform_data.n[0].id,
    data.terraform_remote_state.s.outputs,
    module.m.o.x,
    var.a.b,
  ]
}`, []string{"Invalid depends_on reference@4", "Invalid depends_on reference@5", "Invalid depends_on reference@6", "Invalid depends_on reference@7", "Invalid depends_on reference@8"}},
	{"incomplete", `
resource "terraform_data" "y" {
  depends_on = [
    terraform_data,
    module,
    data.terraform_remote_state,
  ]
}`, []string{"Invalid reference@4", "Invalid reference@5", "Invalid reference@6"}},
	{"module call", `
module "n" {
  source     = "./mod"
  depends_on = [terraform_data.x.id]
}`, []string{"Invalid depends_on reference@4"}},
	{"valid", `
resource "terraform_data" "y" {
  depends_on = [
    terraform_data.x,
    terraform_data.n[0],
    terraform_data.n[5],
    "terraform_data.x",
    data.terraform_remote_state.s,
    module.m,
    module.m.o,
    var.a,
    local.b,
    terraform_data.y,
  ]
}
module "n" {
  source     = "./mod"
  depends_on = []
}`, nil},
}

// dependsOnCaseFiles is a case's tree.
func dependsOnCaseFiles(src string) map[string]string {
	return map[string]string{
		"main.tf": src + `
resource "terraform_data" "x" {}
resource "terraform_data" "n" {
  count = 2
}
data "terraform_remote_state" "s" {
  backend = "local"
  config  = { path = "none.tfstate" }
}
module "m" {
  source = "./mod"
}
variable "a" {
  default = { b = 1 }
}
locals {
  b = 1
}
`,
		"mod/main.tf": `
resource "terraform_data" "z" {}
output "o" {
  value = 1
}
`,
	}
}

// TestDependsOnDiagnostics: a depends_on that Terraform refuses is the
// error Terraform gives, at its line; the parser never panics on it.
func TestDependsOnDiagnostics(t *testing.T) {
	for _, c := range dependsOnDiagCases {
		t.Run(c.name, func(t *testing.T) {
			res := loadTree(t, dependsOnCaseFiles(c.src))
			var got []string
			for _, d := range res.Diagnostics {
				got = append(got, fmt.Sprintf("%s@%d", d.Summary, d.Range.Line))
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("diagnostics %q, want %q", got, c.want)
			}
		})
	}
}

// TestDependsOnOverrideJSONEmbedded: an override file's depends_on
// replaces the block's (an empty one too); JSON syntax names targets as
// strings; YAML a resource embeds carries its resource's targets.
func TestDependsOnOverrideJSONEmbedded(t *testing.T) {
	res := loadTree(t, map[string]string{
		"main.tf": `
resource "aws_iam_role" "a" {
  name       = "a"
  depends_on = [aws_iam_role.b]
}
resource "aws_iam_role" "b" {
  name = "b"
}
resource "aws_iam_role" "c" {
  name       = "c"
  depends_on = [aws_iam_role.b]
}
resource "helm_release" "karpenter" {
  name  = "karpenter"
  chart = "karpenter"
}
resource "kubectl_manifest" "nodeclass" {
  yaml_body  = <<-YAML
    apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata:
      name: default
  YAML
  depends_on = [helm_release.karpenter]
}
`,
		"override.tf": `
resource "aws_iam_role" "a" {
  depends_on = [aws_iam_role.j]
}
resource "aws_iam_role" "c" {
  depends_on = []
}
`,
		"json.tf.json": `{"resource": {"aws_iam_role": {"j": {"name": "j", "depends_on": ["aws_iam_role.b", "data.aws_iam_role.d[0]"]}}},
 "data": {"aws_iam_role": {"d": {"count": 1, "name": "d"}}}}`,
	})
	if len(res.Diagnostics) != 0 {
		t.Fatalf("diagnostics %v", res.Diagnostics)
	}
	got := byLabel(res)
	wantDeps(t, "a", dependsOf(t, got, "aws_iam_role.a"), "aws_iam_role.j")
	wantDeps(t, "c", dependsOf(t, got, "aws_iam_role.c"))
	wantDeps(t, "j", dependsOf(t, got, "aws_iam_role.j"), "aws_iam_role.b", "data.aws_iam_role.d[0]")
	if len(res.Embedded) != 1 {
		t.Fatalf("%d embedded manifests", len(res.Embedded))
	}
	wantDeps(t, "embedded", res.Embedded[0].DependsOn, "helm_release.karpenter")
}

// TestDependsOnStandIn: a call answered by a built-in stand-in (a
// registry module faultline models) applies its depends_on to every
// entity the stand-in gives, as to a local module's.
func TestDependsOnStandIn(t *testing.T) {
	res := loadTree(t, map[string]string{"main.tf": `
resource "aws_iam_role" "base" {
  name = "base"
}
module "karpenter" {
  source       = "terraform-aws-modules/eks/aws//modules/karpenter"
  version      = "~> 20.0"
  cluster_name = "core"
  depends_on   = [aws_iam_role.base]
}
`})
	n := 0
	for _, e := range res.Entities {
		o := e.Base()
		if o.Label == "aws_iam_role.base" {
			continue
		}
		n++
		wantDeps(t, o.Label, o.DependsOn, "aws_iam_role.base")
	}
	if n == 0 {
		t.Fatal("the stand-in gave no entity")
	}
}

// TestDependsOnOracle checks dependsOnDiagCases against `terraform
// validate` when the terraform CLI is installed (terraform_data needs no
// provider download).
func TestDependsOnOracle(t *testing.T) {
	tf, err := exec.LookPath("terraform")
	if err != nil || testing.Short() {
		t.Skip("terraform CLI not installed, or -short")
	}
	for _, c := range dependsOnDiagCases {
		t.Run(c.name, func(t *testing.T) {
			dir := writeTree(t, dependsOnCaseFiles(c.src))
			run := func(args ...string) []byte {
				cmd := exec.Command(tf, args...)
				cmd.Dir = dir
				cmd.Env = append(os.Environ(), "TF_IN_AUTOMATION=1", "CHECKPOINT_DISABLE=1")
				out, _ := cmd.Output()
				return out
			}
			run("init", "-backend=false", "-input=false", "-no-color")
			var v struct {
				Diagnostics []struct {
					Severity, Summary string
					Range             struct{ Start struct{ Line int } }
				}
			}
			if err := json.Unmarshal(run("validate", "-json", "-no-color"), &v); err != nil {
				t.Fatalf("terraform validate -json: %v", err)
			}
			var got []string
			for _, d := range v.Diagnostics {
				if d.Severity == "error" {
					got = append(got, fmt.Sprintf("%s@%d", d.Summary, d.Range.Start.Line))
				}
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("terraform says %q, the table %q", got, c.want)
			}
		})
	}
}
