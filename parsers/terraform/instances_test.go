package terraform

import (
	"slices"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// byLabel indexes entities by label.
func byLabel(res Result) map[string]lint.Entity {
	out := map[string]lint.Entity{}
	for _, e := range res.Entities {
		out[e.Base().Label] = e
	}
	return out
}

// TestForEachKnownKeysUnknownValues: keys are what Terraform needs at plan
// time; values unknown before apply do not stop the expansion.
func TestForEachKnownKeysUnknownValues(t *testing.T) {
	res := loadTree(t, map[string]string{"main.tf": `
variable "spot_max" { type = number }
variable "extra"    { type = number }
resource "aws_iam_role" "nodes" {
  name               = "pool-nodes"
  assume_role_policy = "{}"
}
resource "aws_eks_node_group" "pool" {
  for_each        = { spot = var.spot_max, ondemand = 3 }
  cluster_name    = "core"
  node_group_name = "pool-${each.key}"
  node_role_arn   = aws_iam_role.nodes.arn
  scaling_config {
    max_size = each.value
  }
}
resource "aws_security_group" "zone" {
  for_each = toset(["a", "b", tostring(var.extra)])
  name     = "zone-${each.key}"
}
`})
	got := byLabel(res)
	for _, l := range []string{`aws_eks_node_group.pool["spot"]`, `aws_eks_node_group.pool["ondemand"]`} {
		ng, ok := got[l].(*lint.NodeGroup)
		if !ok {
			t.Fatalf("%s missing; have %v", l, keys(got))
		}
		if len(ng.Inferred) != 0 {
			t.Errorf("%s: inferred %q: its key is known, it certainly exists", l, ng.Inferred)
		}
		if ref, ok := ng.Role.Value.SoleRef(); !ok || !strings.HasSuffix(ref.Object, ":aws_iam_role.nodes") {
			t.Errorf("%s: role %s", l, ng.Role.Value)
		}
	}
	// A set with one unknown element: the known elements are instances,
	// the unknown one a possible instance.
	for _, l := range []string{`aws_security_group.zone["a"]`, `aws_security_group.zone["b"]`, `aws_security_group.zone[*]`} {
		sg, ok := got[l]
		if !ok {
			t.Fatalf("%s missing; have %v", l, keys(got))
		}
		possible := strings.HasSuffix(l, "[*]")
		if inf := sg.Base().Inferred; possible != (len(inf) == 1) {
			t.Errorf("%s: inferred %q", l, inf)
		}
	}
	if n := got[`aws_security_group.zone[*]`].Base().Name; n.Prefix() != "zone-" || n.IsKnown() {
		t.Errorf("possible instance name = %s, want zone- and a hole for each.key", n)
	}
	for _, n := range res.Notes {
		if n.Kind == lint.Skipped {
			t.Errorf("skipped note %q", n.What)
		}
	}
}

// TestPossibleInstance: a count unknown before apply gives one instance
// [*] marked as existing only if created; reads of it from elsewhere reach
// its attributes. A count or key set unknown only through a condition
// gives the candidates with their keys, marked the same way, in a module
// call too.
func TestPossibleInstance(t *testing.T) {
	res := loadTree(t, map[string]string{
		"main.tf": `
variable "enabled"  { type = bool }
variable "replicas" { type = number }
variable "groups"   { type = map(string) }
resource "aws_iam_role" "nodes" {
  count              = var.replicas
  name               = "opt-nodes-${count.index}"
  assume_role_policy = "{}"
}
resource "aws_iam_role" "maybe" {
  count              = var.enabled ? 1 : 0
  name               = "maybe-${count.index}"
  assume_role_policy = "{}"
}
resource "aws_security_group" "filtered" {
  for_each = { for k, v in { a = "x", b = "y" } : k => v if var.enabled }
  name     = "filtered-${each.value}"
}
locals {
  pools = { for k, v in { gpu = "g5" } : k => v if var.enabled }
}
resource "aws_security_group" "via_local" {
  for_each = local.pools
  name     = "pool-${each.value}"
}
resource "aws_security_group" "branches" {
  for_each = var.enabled ? toset(["a", "b"]) : toset(["a"])
  name     = "branch-${each.key}"
}
resource "aws_iam_role" "keyed" {
  for_each           = var.groups
  name               = each.value
  assume_role_policy = "{}"
}
resource "aws_eks_node_group" "by_index" {
  cluster_name  = "core"
  node_role_arn = aws_iam_role.nodes[0].arn
}
resource "aws_eks_node_group" "by_one" {
  cluster_name  = "core"
  node_role_arn = one(aws_iam_role.nodes[*].arn)
}
resource "aws_eks_node_group" "by_key" {
  cluster_name  = "core"
  node_role_arn = aws_iam_role.keyed["blue"].arn
}
module "extra" {
  source = "./extra"
  count  = var.enabled ? 1 : 0
}
resource "kubectl_manifest" "sa" {
  count     = var.enabled ? 1 : 0
  yaml_body = <<-YAML
    apiVersion: v1
    kind: ServiceAccount
    metadata:
      name: opt
      namespace: kube-system
  YAML
}
resource "aws_eks_node_group" "per_role" {
  count         = length(aws_iam_role.nodes)
  cluster_name  = "core"
  node_role_arn = aws_iam_role.nodes[count.index].arn
}
locals {
  extras = length(module.extra)
}
resource "aws_security_group" "per_extra" {
  count = local.extras
  name  = "extra-${count.index}"
}
resource "aws_eks_node_group" "broken" {
  count        = -1
  cluster_name = "core"
}
`,
		"extra/main.tf": `
resource "aws_eks_node_group" "this" {
  for_each     = toset(["x"])
  cluster_name = "core"
}
`,
	})
	got := byLabel(res)
	role, ok := got["aws_iam_role.nodes[*]"].(*lint.Role)
	if !ok {
		t.Fatalf("possible role missing; have %v", keys(got))
	}
	want := "aws_iam_role.nodes: exists only if created (its count is not known statically)"
	if !slices.Equal(role.Inferred, []string{want}) {
		t.Errorf("inferred %q, want %q", role.Inferred, want)
	}
	root, _, _ := strings.Cut(role.Addr, ":")
	if wantP := []lint.PossibleInstance{{Root: root, Block: "aws_iam_role.nodes", Unkeyed: true, Text: want}}; !slices.Equal(role.Possible, wantP) {
		t.Errorf("possible %+v, want %+v", role.Possible, wantP)
	}
	if p := got["aws_iam_role.maybe[0]"].Base().Possible; len(p) != 1 || p[0].Unkeyed || p[0].Key != "[0]" || p[0].Block != "aws_iam_role.maybe" {
		t.Errorf("possible of aws_iam_role.maybe[0]: %+v, want the key [0]", p)
	}
	if p := got[`aws_security_group.branches["a"]`].Base().Possible; len(p) != 0 {
		t.Errorf("a key in both branches is certain: possible %+v", p)
	}
	if role.Name.Prefix() != "opt-nodes-" || role.Name.IsKnown() {
		t.Errorf("name %s: count.index is a hole, the prefix stays", role.Name)
	}
	if _, ok := got["aws_iam_role.keyed[*]"]; !ok {
		t.Errorf("possible for_each role missing; have %v", keys(got))
	}
	// Where the count or keys are unknown only through a condition, the
	// candidates keep their keys (and count.index / each.value).
	for l, name := range map[string]string{
		"aws_iam_role.maybe[0]":            "maybe-0",
		`aws_security_group.filtered["a"]`: "filtered-x",
		`aws_security_group.filtered["b"]`: "filtered-y",
		`aws_security_group.branches["b"]`: "branch-b",
		`aws_security_group.branches["a"]`: "branch-a",
	} {
		e, ok := got[l]
		if !ok {
			t.Errorf("%s missing; have %v", l, keys(got))
			continue
		}
		if n, _ := e.Base().Name.Str(); n != name {
			t.Errorf("%s: name %s, want %s", l, e.Base().Name, name)
		}
		certain := l == `aws_security_group.branches["a"]`
		if certain != (len(e.Base().Inferred) == 0) {
			t.Errorf("%s: inferred %q", l, e.Base().Inferred)
		}
	}
	for l, target := range map[string]string{
		"aws_eks_node_group.by_index": role.Addr,
		"aws_eks_node_group.by_one":   role.Addr,
		"aws_eks_node_group.by_key":   got["aws_iam_role.keyed[*]"].Base().Addr,
	} {
		ng := got[l].(*lint.NodeGroup)
		if ref, ok := ng.Role.Value.SoleRef(); !ok || ref.Object != target || ref.Path != "arn" {
			t.Errorf("%s: role %s, want the arn of %s", l, ng.Role.Value, target)
		}
		if len(ng.Inferred) != 0 {
			t.Errorf("%s: inferred %q", l, ng.Inferred)
		}
	}
	// A count read from a block with possible instances is only as certain
	// as they are, through locals too.
	for l, why := range map[string]string{
		"aws_eks_node_group.per_role[0]":  "aws_eks_node_group.per_role: exists only if created (its count is read from aws_iam_role.nodes, which exists only if created)",
		"aws_security_group.per_extra[0]": "aws_security_group.per_extra: exists only if created (its count is read from module.extra, which exists only if created)",
	} {
		e, ok := got[l]
		if !ok {
			t.Errorf("%s missing; have %v", l, keys(got))
			continue
		}
		if !slices.Equal(e.Base().Inferred, []string{why}) {
			t.Errorf("%s: inferred %q, want %q", l, e.Base().Inferred, why)
		}
	}
	child, ok := got[`module.extra[0].aws_eks_node_group.this["x"]`]
	if !ok {
		t.Fatalf("node group of the possible module instance missing; have %v", keys(got))
	}
	if want := "module.extra: exists only if created (its count is not known statically)"; !slices.Equal(child.Base().Inferred, []string{want}) {
		t.Errorf("child inferred %q, want %q", child.Base().Inferred, want)
	}
	if p := child.Base().Possible; len(p) != 1 || p[0].Instance() != "module.extra[0]" {
		t.Errorf("child possible %+v, want module.extra[0]", p)
	}
	if len(res.Embedded) != 1 || !strings.HasSuffix(res.Embedded[0].Addr, "kubectl_manifest.sa[0]") ||
		!slices.Equal(res.Embedded[0].Inferred, []string{"kubectl_manifest.sa: exists only if created (its count is not known statically)"}) {
		t.Errorf("embedded %+v", res.Embedded)
	}
	if _, ok := got["aws_eks_node_group.broken"]; ok {
		t.Error("a negative count is not an instance")
	}
	var notes []string
	for _, n := range res.Notes {
		if n.Kind != lint.Unresolved {
			notes = append(notes, string(n.Kind)+" "+n.What)
		}
	}
	for _, w := range []string{
		"inferred aws_iam_role.nodes: its count is not known statically; read as one instance",
		"inferred aws_iam_role.maybe: its count is not known statically; 1 instance read as existing only if created",
		"inferred aws_security_group.filtered: its for_each keys are not known statically; 2 instances",
		"inferred aws_security_group.branches: its for_each keys are not known statically; 1 instance",
		"inferred aws_iam_role.keyed: its for_each keys are not known statically",
		"inferred module.extra: its count is not known statically",
		"skipped aws_eks_node_group.broken: count is not a whole number of zero or more",
	} {
		if !slices.ContainsFunc(notes, func(n string) bool { return strings.HasPrefix(n, w) }) {
			t.Errorf("no note %q in %q", w, notes)
		}
	}
}

// TestManifestWithUnknownValues: a kubernetes_manifest object whose values
// are partly unknown (each.value of a known key) is read, its unknown parts
// holes, rather than skipped.
func TestManifestWithUnknownValues(t *testing.T) {
	res := loadTree(t, map[string]string{"main.tf": `
variable "replicas" { type = number }
resource "kubernetes_manifest" "sa" {
  for_each = { batch = var.replicas }
  manifest = {
    apiVersion = "v1"
    kind       = "ServiceAccount"
    metadata = {
      name      = "runner-${each.key}"
      namespace = "ci"
      labels    = { replicas = each.value }
    }
  }
}
`})
	if len(res.Embedded) != 1 {
		t.Fatalf("embedded %d, notes %v", len(res.Embedded), res.Notes)
	}
	if c := string(res.Embedded[0].Content); !strings.Contains(c, "name: runner-batch") || !strings.Contains(c, "namespace: ci") {
		t.Errorf("content %q", c)
	}
	for _, n := range res.Notes {
		if n.Kind == lint.Skipped {
			t.Errorf("skipped note %q", n.What)
		}
	}
}
