package terraform

import (
	"path/filepath"
	"testing"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
)

// loadWith loads the root module in dir with opts (the tree is dir alone).
func loadWith(dir string, opts Options) Result {
	opts.Root, opts.Tree = dir, treefs.New([]string{dir}, "")
	opts.Rel = func(p string) string {
		r, _ := filepath.Rel(dir, p)
		return filepath.ToSlash(r)
	}
	return Load([]string{dir}, opts)
}

// callRecord is the module-call record of call.
func callRecord(res Result, call string) modsource.ModuleCall {
	for _, c := range res.Modules {
		if c.Call == call {
			return c
		}
	}
	return modsource.ModuleCall{}
}

const earlyEKSCall = `
module "eks" {
  source  = local.eks_source
  version = var.eks_version

  cluster_name = "prod"
}
`

// OpenTofu's early evaluation: a source and version read from variables
// (their default, a variables file, --var) and locals built from them
// resolve like literals.
func TestEarlySourceFromVariables(t *testing.T) {
	for name, c := range map[string]struct {
		files map[string]string
		opts  Options
		want  string
	}{
		"defaults": {files: map[string]string{
			"main.tf": earlyEKSCall + `
variable "registry" { default = "registry.opentofu.org" }
variable "eks_version" { default = "~> 20.31" }
locals { eks_source = "${var.registry}/terraform-aws-modules/eks/aws" }
`}, want: "~> 20.31"},
		"tfvars": {files: map[string]string{
			"main.tf": earlyEKSCall + `
variable "registry" {}
variable "eks_version" { type = string }
locals { eks_source = format("%s/terraform-aws-modules/eks/aws", var.registry) }
`,
			"terraform.tfvars": "registry    = \"registry.terraform.io\"\neks_version = \"~> 20.0\"\n"}, want: "~> 20.0"},
		"--var": {files: map[string]string{
			"main.tf": earlyEKSCall + `
variable "eks_version" { default = "~> 19.0" }
locals { eks_source = "terraform-aws-modules/eks/aws" }
`}, opts: Options{Vars: map[string]string{"eks_version": "~> 20.31"}}, want: "~> 20.31"},
		// path.* and functions are in OpenTofu's static scope: versions
		// kept in a YAML file beside the configuration.
		"file": {files: map[string]string{
			"main.tf": `
locals {
  pins = yamldecode(file("${path.module}/versions.yaml"))
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = local.pins.eks

  cluster_name = "prod"
}
`,
			"versions.yaml": "eks: \"~> 19.21\"\n"}, want: "~> 19.21"},
	} {
		t.Run(name, func(t *testing.T) {
			res := loadWith(writeTree(t, c.files), c.opts)
			rec := callRecord(res, "module.eks")
			if rec.How != modsource.ResolvedModelled || rec.Version != c.want {
				t.Errorf("module.eks = %+v, want modelled at %s", rec, c.want)
			}
			if cl, _ := entity(res, "module.eks.aws_eks_cluster.this[0]").(*lint.Cluster); cl == nil || cl.Name.String() != "prod" {
				t.Errorf("cluster = %+v", cl)
			}
		})
	}
}

// A module's variable is static when its caller sets it from static
// values or leaves its default; each.key and a resource attribute are not.
func TestEarlySourceInModule(t *testing.T) {
	res := loadCached(writeTree(t, map[string]string{
		"main.tf": `
variable "pool_module" { default = "./modules/pool" }
module "static" {
  source = "./modules/platform"
  nodes  = var.pool_module
}
module "defaulted" {
  source = "./modules/platform"
}
module "per_key" {
  source   = "./modules/platform"
  for_each = toset(["./modules/pool"])
  nodes    = each.key
}
resource "aws_ssm_parameter" "where" {
  name  = "pool-module"
  type  = "String"
  value = "./modules/pool"
}
module "from_resource" {
  source = "./modules/platform"
  nodes  = aws_ssm_parameter.where.value
}
`,
		"modules/platform/main.tf": `
variable "nodes" { default = "./modules/pool" }
module "pool" {
  source   = "../${trimprefix(var.nodes, "./modules/")}"
  name     = "system"
  role_arn = "arn:aws:iam::111122223333:role/nodes"
}
`,
		"modules/pool/main.tf": nodeGroupModule,
	}))
	got := resolutions(res)
	for call, want := range map[string]modsource.Resolution{
		"module.static.module.pool":        modsource.ResolvedLocal,
		"module.defaulted.module.pool":     modsource.ResolvedLocal,
		"module.per_key.module.pool":       modsource.ResolvedUnknown,
		"module.from_resource.module.pool": modsource.ResolvedUnknown,
	} {
		if got[call] != want {
			t.Errorf("%s resolved %q, want %q (all: %v)", call, got[call], want, got)
		}
	}
	if ng := nodeGroups(res); len(ng) != 2 {
		t.Errorf("node groups = %v, want the static and defaulted pools", ng)
	}
}

// A source read from a data source is not static: the call stays unknown
// with the unresolved note, as it did before early evaluation.
func TestEarlySourceNotStatic(t *testing.T) {
	res := loadCached(writeTree(t, map[string]string{
		"main.tf": `
data "aws_ssm_parameter" "eks_module" { name = "/platform/eks-module" }
variable "no_value" { type = string }
module "eks" {
  source       = data.aws_ssm_parameter.eks_module.value
  cluster_name = "prod"
}
module "unset" {
  source       = "${var.no_value}/terraform-aws-modules/eks/aws"
  cluster_name = "prod"
}
`}))
	for _, call := range []string{"module.eks", "module.unset"} {
		if rec := callRecord(res, call); rec.How != modsource.ResolvedUnknown {
			t.Errorf("%s = %+v, want unknown", call, rec)
		}
		if !hasNote(res, lint.Skipped, call+": outputs unknown (its source is not static") {
			t.Errorf("no unresolved note for %s: %v", call, res.Notes)
		}
	}
	if len(res.Entities) != 0 {
		t.Errorf("entities from a call whose source is unknown: %v", res.Entities)
	}
}
