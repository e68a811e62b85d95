package terraform

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// loadAddrs loads the root in dir/root with the whole temp dir as the tree
// and returns the entity addresses (without the root qualifier) and notes.
func loadAddrs(t *testing.T, dir, root string) ([]string, []lint.Note) {
	t.Helper()
	res := Load([]string{filepath.Join(dir, root)}, Options{Root: dir})
	var addrs []string
	for _, e := range res.Entities {
		addrs = append(addrs, e.Base().Label)
	}
	sort.Strings(addrs)
	return addrs, res.Notes
}

func hasAll(have []string, want ...string) []string {
	set := map[string]bool{}
	for _, a := range have {
		set[a] = true
	}
	var missing []string
	for _, w := range want {
		if !set[w] {
			missing = append(missing, w)
		}
	}
	return missing
}

// A cluster module that turns its node groups off on an Outpost by an
// `any`-typed variable defaulting to {}: length({}) is 0, so the guard is
// true and every group is created.
func TestLengthGuardedNodeGroupModule(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"live/main.tf": `
module "platform" {
  source = "../cluster"
  groups = {
    general = { size = 3 }
    batch   = { size = 1 }
  }
}
`,
		"cluster/main.tf": `
variable "enabled" {
  type    = bool
  default = true
}
variable "outpost" {
  type    = any
  default = {}
}
variable "groups" {
  type    = any
  default = {}
}
locals {
  on_outpost = length(var.outpost) > 0
}
resource "aws_iam_role" "workers" {
  name               = "platform-workers"
  assume_role_policy = "{}"
}
module "group" {
  source   = "./group"
  for_each = { for k, g in var.groups : k => g if var.enabled && !local.on_outpost }
  name     = each.key
  role_arn = aws_iam_role.workers.arn
}
`,
		"cluster/group/main.tf": `
variable "name" {}
variable "role_arn" {}
resource "aws_eks_node_group" "this" {
  cluster_name    = "platform"
  node_group_name = var.name
  node_role_arn   = var.role_arn
}
`,
	})
	addrs, notes := loadAddrs(t, dir, "live")
	if missing := hasAll(addrs,
		`module.platform.module.group["general"].aws_eks_node_group.this`,
		`module.platform.module.group["batch"].aws_eks_node_group.this`,
	); len(missing) > 0 {
		t.Errorf("missing %v; have %v", missing, addrs)
	}
	for _, n := range notes {
		if strings.Contains(n.What, "count / for_each") {
			t.Errorf("unexpected note: %s", n.What)
		}
	}
}

// A non-nullable variable with a default takes the default when a caller
// passes null: a typed map of groups whose `create = optional(bool)` is
// left out still creates each group.
func TestNonNullableVariableTakesDefaultForNull(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"live/main.tf": `
module "platform" {
  source = "../cluster"
  groups = {
    general = {}
    spot    = { create = false }
  }
}
`,
		"cluster/main.tf": `
variable "groups" {
  type = map(object({
    create = optional(bool)
    name   = optional(string)
  }))
  default = null
}
module "group" {
  source   = "./group"
  for_each = var.groups != null ? var.groups : {}
  create   = each.value.create
  name     = coalesce(each.value.name, each.key)
}
`,
		"cluster/group/main.tf": `
variable "create" {
  type     = bool
  default  = true
  nullable = false
}
variable "name" {}
resource "aws_eks_node_group" "this" {
  count           = var.create ? 1 : 0
  cluster_name    = "platform"
  node_group_name = var.name
  node_role_arn   = "arn:aws:iam::123456789012:role/platform-nodes"
}
`,
	})
	addrs, notes := loadAddrs(t, dir, "live")
	if missing := hasAll(addrs, `module.platform.module.group["general"].aws_eks_node_group.this[0]`); len(missing) > 0 {
		t.Errorf("missing %v; have %v", missing, addrs)
	}
	if extra := hasAll(addrs, `module.platform.module.group["spot"].aws_eks_node_group.this[0]`); len(extra) == 0 {
		t.Errorf("create = false still created the spot group: %v", addrs)
	}
	for _, n := range notes {
		if strings.Contains(n.What, "count / for_each") {
			t.Errorf("unexpected note: %s", n.What)
		}
	}
}

// A kubernetes provider configured from the cluster module's outputs is the
// usual way to reach the cluster; it must not make the module wait on
// itself, directly or through another module call that inherits the
// provider (the network module whose subnets the cluster module reads).
// The module's inputs are known when it is evaluated.
func TestProviderFromModuleOutputsIsNoCycle(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"live/main.tf": `
provider "aws" {
  region = "eu-west-1"
}
provider "kubernetes" {
  host = module.platform.endpoint
}
resource "aws_iam_role" "workers" {
  name               = "platform-workers"
  assume_role_policy = "{}"
}
module "network" {
  source   = "terraform-aws-modules/vpc/aws"
  for_each = toset(["primary"])
}
module "platform" {
  source = "../cluster"
  groups = {
    general = {
      role_arn = aws_iam_role.workers.arn
      subnets  = module.network["primary"].private_subnets
    }
  }
}
`,
		"cluster/main.tf": `
variable "groups" {
  type    = any
  default = {}
}
resource "aws_eks_cluster" "this" {
  name     = "platform"
  role_arn = "arn:aws:iam::123456789012:role/platform-cluster"
}
resource "aws_eks_node_group" "this" {
  for_each        = var.groups
  cluster_name    = aws_eks_cluster.this.name
  node_group_name = each.key
  node_role_arn   = each.value.role_arn
}
output "endpoint" { value = aws_eks_cluster.this.endpoint }
`,
	})
	res := Load([]string{filepath.Join(dir, "live")}, Options{Root: dir})
	var ng *lint.NodeGroup
	for _, e := range res.Entities {
		if n, ok := e.(*lint.NodeGroup); ok && n.Label == `module.platform.aws_eks_node_group.this["general"]` {
			ng = n
		}
	}
	if ng == nil {
		t.Fatalf("node group missing; notes %v", res.Notes)
	}
	if ref, ok := ng.Role.Value.SoleRef(); !ok || !strings.HasSuffix(ref.Object, ":aws_iam_role.workers") || ref.Path != "arn" {
		t.Errorf("node role = %s, want the root's aws_iam_role.workers.arn", ng.Role.Value)
	}
}

// Two module calls that read each other's outputs are no cycle to
// Terraform, which orders outputs and variables one by one. Whichever call
// is evaluated first sees the other's outputs as holes naming them, never
// an unknown that hides its whole argument.
func TestModulesReadingEachOtherSeeHoles(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"live/main.tf": `
module "disk_key" {
  source         = "terraform-aws-modules/kms/aws"
  service_roles  = [module.platform.cluster_role_arn]
}
module "platform" {
  source = "../cluster"
  groups = {
    general = { volume_key = module.disk_key.key_arn }
  }
}
`,
		"cluster/main.tf": `
variable "groups" {
  type    = any
  default = {}
}
resource "aws_iam_role" "cluster" {
  name               = "platform-cluster"
  assume_role_policy = "{}"
}
resource "aws_eks_node_group" "this" {
  for_each        = var.groups
  cluster_name    = "platform"
  node_group_name = each.key
  node_role_arn   = "arn:aws:iam::123456789012:role/platform-nodes"
}
output "cluster_role_arn" { value = aws_iam_role.cluster.arn }
`,
	})
	addrs, notes := loadAddrs(t, dir, "live")
	if missing := hasAll(addrs, `module.platform.aws_eks_node_group.this["general"]`); len(missing) > 0 {
		t.Errorf("missing %v; have %v; notes %v", missing, addrs, notes)
	}
}

// A resource can sit between a module's outputs and its inputs (a volume
// key whose policy grants the cluster module's role, passed back into the
// cluster module's node groups): the resource reads the module's outputs
// as holes and the module is evaluated after it, with its argument known.
func TestResourceBetweenModuleOutputsAndInputs(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"live/main.tf": `
data "aws_iam_policy_document" "disk_key" {
  statement {
    actions   = ["kms:Decrypt"]
    resources = ["*"]
    principals {
      type        = "AWS"
      identifiers = [module.platform.cluster_role_arn]
    }
  }
}
resource "aws_kms_key" "disk" {
  policy = data.aws_iam_policy_document.disk_key.json
}
module "platform" {
  source = "../cluster"
  groups = {
    general = { volume_key = aws_kms_key.disk.arn }
  }
}
`,
		"cluster/main.tf": `
variable "groups" {
  type    = any
  default = {}
}
resource "aws_iam_role" "cluster" {
  name               = "platform-cluster"
  assume_role_policy = "{}"
}
resource "aws_eks_node_group" "this" {
  for_each        = var.groups
  cluster_name    = "platform"
  node_group_name = each.key
  node_role_arn   = "arn:aws:iam::123456789012:role/platform-nodes"
}
output "cluster_role_arn" { value = aws_iam_role.cluster.arn }
`,
	})
	addrs, notes := loadAddrs(t, dir, "live")
	if missing := hasAll(addrs, `module.platform.aws_eks_node_group.this["general"]`); len(missing) > 0 {
		t.Errorf("missing %v; have %v; notes %v", missing, addrs, notes)
	}
}
