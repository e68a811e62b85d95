package engine

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terragrunt"
	"github.com/faultline-dev/faultline/rules"
	"github.com/zclconf/go-cty/cty"
)

// tgTree is a Terragrunt tree whose role names come from each kind of
// file a unit's configuration reads: an included root (its inputs), a
// read_terragrunt_config of a find_in_parent_folders target, a file()
// read, and a dependency's outputs, which come from its module.
var tgTree = map[string]string{
	"live/root.hcl":    "inputs = {\n  env = \"prod\"\n}\n",
	"live/account.hcl": "locals {\n  id = \"111111111111\"\n}\n",
	"live/vpc/terragrunt.hcl": `include "root" {
  path = find_in_parent_folders("root.hcl")
}

locals {
  account = read_terragrunt_config(find_in_parent_folders("account.hcl"))
}

terraform {
  source = "../../modules/vpc"
}

inputs = {
  name   = "vpc-${local.account.locals.id}"
  policy = file("policy.json")
}
`,
	"live/vpc/policy.json": `{"Version":"2012-10-17","Statement":[]}`,
	"live/nodes/terragrunt.hcl": `include "root" {
  path = find_in_parent_folders("root.hcl")
}

dependency "vpc" {
  config_path = "../vpc"
}

terraform {
  source = "../../modules/nodes"
}

inputs = {
  role_name = "${dependency.vpc.outputs.name}-nodes"
  vpc_role  = dependency.vpc.outputs.id
}
`,
	"modules/vpc/main.tf": `variable "name" {}
variable "policy" {}
variable "env" {}

resource "aws_iam_role" "vpc" {
  name               = "${var.env}-${var.name}"
  assume_role_policy = var.policy
}

output "name" {
  value = var.name
}

output "id" {
  value = aws_iam_role.vpc.id
}
`,
	"modules/nodes/main.tf": `variable "role_name" {}
variable "vpc_role" {}

resource "aws_iam_role" "this" {
  name = var.role_name
}

resource "aws_iam_instance_profile" "vpc" {
  name = "${var.role_name}-profile"
  role = var.vpc_role
}
`,
	"k8s/a.yaml": "kind: A\n",
}

// A run the whole-run cache misses decodes the Terragrunt load kept by an
// earlier one while nothing it read changed, and evaluates it again after
// an edit to any file a unit's configuration read — an included file, a
// read_terragrunt_config and find_in_parent_folders target, a file()
// read, a dependency's configuration. A kept unit whose dependency's
// outputs changed has its inputs evaluated again; the holes of the
// inputs it keeps (an unknown role id) are the run's. Each run is a fresh
// run's, entity for entity, and the role names show the edit was seen.
func TestKeptTerragruntEvaluatesAfterAnEditOfWhatItRead(t *testing.T) {
	root := t.TempDir()
	write(t, root, tgTree)
	c, opts := cachedRunOf(t, root)
	step := func(what string, kept, evaluated, again int, role string) {
		t.Helper()
		l, got := recomputed(t, what, opts, c)
		if r := l.Cache.Roots; r.TerragruntKept != kept || r.TerragruntEvaluated != evaluated || r.TerragruntAgain != again {
			t.Errorf("%s: terragrunt units %d kept, %d evaluated, %d loads again; want %d, %d, %d (%s)", what,
				r.TerragruntKept, r.TerragruntEvaluated, r.TerragruntAgain, kept, evaluated, again, l.Cache)
		}
		var names []string
		for _, r := range l.Input.Model.Roles {
			names = append(names, r.Name.String())
		}
		if !slices.Contains(names, role) {
			t.Errorf("%s: no role %q among %v", what, role, names)
		}
		sameAsFresh(t, what, opts, l, got)
	}

	step("cold", 0, 2, 0, "vpc-111111111111-nodes")
	write(t, root, map[string]string{"k8s/a.yaml": "kind: B\n"})
	step("manifest edited", 2, 0, 0, "vpc-111111111111-nodes")
	write(t, root, map[string]string{"modules/nodes/main.tf": tgTree["modules/nodes/main.tf"] + "\n"})
	step("module file edited", 2, 0, 0, "vpc-111111111111-nodes")
	write(t, root, map[string]string{"live/account.hcl": "locals {\n  id = \"222222222222\"\n}\n"})
	step("read_terragrunt_config target edited", 0, 2, 0, "vpc-222222222222-nodes")
	write(t, root, map[string]string{"live/root.hcl": "inputs = {\n  env = \"dev\"\n}\n"})
	step("included root edited", 0, 2, 0, "dev-vpc-222222222222")
	write(t, root, map[string]string{"live/vpc/policy.json": `{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":{"Service":"ec2.amazonaws.com"},"Action":"sts:AssumeRole"}]}`})
	step("file() target edited", 0, 2, 0, "dev-vpc-222222222222")
	write(t, root, map[string]string{"live/vpc/terragrunt.hcl": replaceOnce(t, tgTree["live/vpc/terragrunt.hcl"], `"vpc-${`, `"net-${`)})
	step("dependency's configuration edited", 0, 2, 0, "net-222222222222-nodes")
	write(t, root, map[string]string{"modules/vpc/main.tf": replaceOnce(t, tgTree["modules/vpc/main.tf"], "value = var.name", "value = \"${var.name}-b\"")})
	step("dependency's outputs changed", 2, 0, 1, "net-222222222222-b-nodes")
	write(t, root, map[string]string{"k8s/a.yaml": "kind: C\n"})
	step("kept again with the new outputs", 2, 0, 0, "net-222222222222-b-nodes")
	write(t, root, map[string]string{"live/app/terragrunt.hcl": "terraform {\n  source = \"../../modules/vpc\"\n}\n\ninputs = {\n  name   = \"app\"\n  policy = \"{}\"\n  env    = \"qa\"\n}\n"})
	step("unit added", 0, 3, 0, "qa-app")
	write(t, root, map[string]string{"k8s/a.yaml": "kind: D\n"})
	step("kept with the unit added", 3, 0, 0, "qa-app")
	// Edits of the same size, after a run that kept the load (and read
	// none of its files): the tree's shape is the same.
	write(t, root, map[string]string{"live/vpc/policy.json": `{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":{"Service":"eks.amazonaws.com"},"Action":"sts:AssumeRole"}]}`})
	step("file() target edited, same size", 0, 3, 0, "dev-net-222222222222")
	write(t, root, map[string]string{"k8s/a.yaml": "kind: E\n"})
	step("kept after the same-size edit", 3, 0, 0, "dev-net-222222222222")
	write(t, root, map[string]string{"live/account.hcl": "locals {\n  id = \"333333333333\"\n}\n"})
	step("read_terragrunt_config target edited, same size", 0, 3, 0, "dev-net-333333333333")
}

// replaceOnce is s with its one old replaced by new.
func replaceOnce(t *testing.T, s, old, new string) string {
	t.Helper()
	if strings.Count(s, old) != 1 {
		t.Fatalf("%q is not once in %q", old, s)
	}
	return strings.Replace(s, old, new, 1)
}

// A kept unit's inputs hold the sentinels of the run that evaluated them
// (its dependency's unknown role unique ids): they are renumbered into the
// run's holes, so each instance profile names the role it names in a
// fresh run, not another run's hole number.
func TestKeptTerragruntRenumbersHoles(t *testing.T) {
	root := t.TempDir()
	var roles, ids, profiles strings.Builder
	for i := range 8 {
		fmt.Fprintf(&roles, "resource \"aws_iam_role\" \"r%d\" {\n  name = \"r%d\"\n}\n\n", i, i)
		fmt.Fprintf(&ids, "aws_iam_role.r%d.unique_id, ", i)
		fmt.Fprintf(&profiles, "resource \"aws_iam_instance_profile\" \"p%d\" {\n  name = \"p%d\"\n  role = var.ids[%d]\n}\n\n", i, i, i)
	}
	write(t, root, map[string]string{
		"modules/roles/main.tf":        roles.String() + "output \"ids\" {\n  value = [" + ids.String() + "]\n}\n",
		"modules/profiles/main.tf":     "variable \"ids\" {}\n\n" + profiles.String(),
		"live/roles/terragrunt.hcl":    "terraform {\n  source = \"../../modules/roles\"\n}\n",
		"live/profiles/terragrunt.hcl": "terraform {\n  source = \"../../modules/profiles\"\n}\n\ndependency \"roles\" {\n  config_path = \"../roles\"\n}\n\ninputs = {\n  ids = dependency.roles.outputs.ids\n}\n",
		"k8s/a.yaml":                   "kind: A\n",
	})
	c, opts := cachedRunOf(t, root)
	for i, what := range []string{"cold", "kept", "kept again"} {
		write(t, root, map[string]string{"k8s/a.yaml": fmt.Sprintf("kind: A%d\n", i)})
		l, got, err := RunCached(opts, rules.All, lint.Options{}, c)
		if err != nil {
			t.Fatal(err)
		}
		if i > 0 && l.Cache.Roots.TerragruntKept != 2 {
			t.Errorf("%s: %s; want 2 terragrunt units kept", what, l.Cache)
		}
		if n := len(l.Input.Model.InstanceProfiles); n != 8 {
			t.Fatalf("%s: %d instance profiles, want 8: the test proves nothing", what, n)
		}
		sameAsFresh(t, what, opts, l, got)
	}
}

// A dependency's outputs digest the same in two runs that number their
// holes apart, and differently when a value or the hole a string names
// differs; outputs holding a fresh anonymous hole are not digested.
func TestOutputsSumIsPortable(t *testing.T) {
	sum := func(h *lint.Holes, v func(h *lint.Holes) cty.Value) (string, bool) {
		return (&tgLoad{opts: terragrunt.Options{Holes: h}}).outputsSum(v(h), true)
	}
	outputs := func(first, second string, extra string) func(h *lint.Holes) cty.Value {
		return func(h *lint.Holes) cty.Value {
			a := h.Sentinel(lint.HoleRef{Object: "aws_iam_role." + first, Path: "arn"})
			b := h.Sentinel(lint.HoleRef{Object: "aws_iam_role." + second, Path: "arn"})
			return cty.ObjectVal(map[string]cty.Value{
				"arns":  cty.SetVal([]cty.Value{cty.StringVal(a), cty.StringVal(b + extra)}),
				"names": cty.MapVal(map[string]cty.Value{a: cty.StringVal("x"), "k": cty.StringVal("y")}),
				"count": cty.NumberIntVal(2),
				"id":    cty.UnknownVal(cty.String),
			})
		}
	}
	h1, h2 := lint.NewHoles(), lint.NewHoles()
	h2.Sentinel(lint.HoleRef{Object: "other", Path: "x"}) // numbers h2's holes apart
	want, ok := sum(h1, outputs("a", "b", ""))
	if !ok {
		t.Fatal("outputs with named holes not digested")
	}
	if got, _ := sum(h2, outputs("a", "b", "")); got != want {
		t.Errorf("the same outputs, numbered apart, digest differently")
	}
	for what, v := range map[string]func(h *lint.Holes) cty.Value{
		"another hole": outputs("a", "c", ""),
		"more text":    outputs("a", "b", "-x"),
	} {
		if got, _ := sum(lint.NewHoles(), v); got == want {
			t.Errorf("%s: digests as the outputs it differs from", what)
		}
	}
	if _, ok := sum(h1, func(h *lint.Holes) cty.Value { return cty.StringVal(h.Anonymous()) }); ok {
		t.Errorf("outputs holding a fresh anonymous hole digested")
	}
}

// A Terragrunt load in a run a wall-clock backstop stopped is not kept
// (whether a backstop fires depends on the machine): the next run
// evaluates it again, and --verbose says why.
func TestKeptTerragruntNotKeptWhenDeadlineStops(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"modules/app/main.tf":     "variable \"names\" {\n  type = list(string)\n}\n",
		"live/app/terragrunt.hcl": "terraform {\n  source = \"../../modules/app\"\n}\n\nlocals {\n  names = [for p in setproduct(range(50), range(50)) : format(\"n-%d-%d\", p[0], p[1])]\n}\n\ninputs = {\n  names = local.names\n}\n",
		"k8s/a.yaml":              "kind: A\n",
	})
	c, opts := cachedRunOf(t, root)
	opts.rootDeadline = -time.Second
	for i, what := range []string{"cold", "after an edit elsewhere"} {
		write(t, root, map[string]string{"k8s/a.yaml": fmt.Sprintf("kind: A%d\n", i)})
		l, _, err := RunCached(opts, rules.All, lint.Options{}, c)
		if err != nil {
			t.Fatal(err)
		}
		r := l.Cache.Roots
		if l.WallStops == 0 || r.TerragruntKept != 0 || r.TerragruntEvaluated != 1 || r.Why["a Terragrunt load in a run a wall-clock backstop stopped"] != 1 {
			t.Errorf("%s: %d wall stops, %s; want the unit evaluated, its load not kept", what, l.WallStops, l.Cache)
		}
	}
}
