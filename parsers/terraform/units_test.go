package terraform

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval"
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// TestUnitsJoinedByOutputs: a unit's inputs read another unit's outputs
// once it is evaluated; the value stays the entity it names, and where
// the unit writes the input is where the value is passed.
func TestUnitsJoinedByOutputs(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"modules/role/main.tf": `
variable "name" { type = string }
resource "aws_iam_role" "this" {
  name               = var.name
  assume_role_policy = "{}"
}
output "arn" { value = aws_iam_role.this.arn }
`,
		"modules/ng/main.tf": `
variable "role_arn" { type = string }
resource "aws_eks_node_group" "this" {
  cluster_name    = "prod"
  node_group_name = "general"
  node_role_arn   = var.role_arn
  subnet_ids      = ["subnet-1"]
  scaling_config {
    desired_size = 1
    max_size     = 1
    min_size     = 1
  }
}
`,
		"live/role/terragrunt.hcl": "inputs = {\n  name = \"app\"\n}\n",
		"live/sa/terragrunt.hcl":   "dependency \"role\" {\n  config_path = \"../role\"\n}\ninputs = {\n  role_arn = dependency.role.outputs.arn\n}\n",
	})
	rel := func(p string) string { r, _ := filepath.Rel(dir, p); return filepath.ToSlash(r) }
	at := func(file string, line, col, endCol int) hcl.Range {
		return hcl.Range{Filename: filepath.Join(dir, file), Start: hcl.Pos{Line: line, Column: col}, End: hcl.Pos{Line: line, Column: endCol}}
	}
	var sawOutputs bool
	units := []Unit{
		{
			// Listed first, evaluated second: it depends on live/role.
			Dir: filepath.Join(dir, "live/sa"), Config: filepath.Join(dir, "live/sa/terragrunt.hcl"),
			Source: filepath.Join(dir, "modules/ng"), Dependencies: []string{filepath.Join(dir, "live/role")},
			Inputs: func(outputs func(string) (cty.Value, bool)) UnitInputs {
				out, ok := outputs(filepath.Join(dir, "live/role"))
				sawOutputs = ok
				v := cty.DynamicVal
				if ok {
					v = eval.GetAttr(out, "arn")
				}
				return UnitInputs{Values: []UnitInput{{Name: "role_arn", Value: v, Range: at("live/sa/terragrunt.hcl", 5, 14, 41)}}}
			},
		},
		{
			Dir: filepath.Join(dir, "live/role"), Config: filepath.Join(dir, "live/role/terragrunt.hcl"),
			Source: filepath.Join(dir, "modules/role"),
			Inputs: func(func(string) (cty.Value, bool)) UnitInputs {
				return UnitInputs{Values: []UnitInput{{Name: "name", Value: cty.StringVal("app"), Range: at("live/role/terragrunt.hcl", 2, 10, 15)}}}
			},
		},
	}
	res := Load([]string{filepath.Join(dir, "modules/role"), filepath.Join(dir, "modules/ng")}, Options{Root: dir, Rel: rel, Units: units})
	if !sawOutputs {
		t.Fatal("live/sa was evaluated before live/role's outputs were known")
	}
	if len(res.Roots) != 2 || res.Roots[0] != filepath.Join(dir, "live/role") && res.Roots[1] != filepath.Join(dir, "live/role") {
		t.Errorf("roots %v: the units, not the modules they call", res.Roots)
	}
	var ng *lint.NodeGroup
	var role *lint.Role
	for _, ent := range res.Entities {
		switch x := ent.(type) {
		case *lint.NodeGroup:
			ng = x
		case *lint.Role:
			role = x
		}
	}
	if ng == nil || role == nil {
		t.Fatalf("entities %v", res.Entities)
	}
	if role.Addr != "live/role:module.terragrunt.aws_iam_role.this" {
		t.Errorf("role %s", role.Addr)
	}
	if n, _ := role.Name.Str(); n != "app" {
		t.Errorf("role name %v", role.Name)
	}
	refs := ng.Role.Value.Refs()
	if len(refs) != 1 || refs[0].Object != role.Addr || refs[0].Path != "arn" {
		t.Errorf("node group role %v, want %s.arn", refs, role.Addr)
	}
	var passed []string
	for _, p := range ng.Role.Passed {
		passed = append(passed, p.Range.File+":"+itoa(p.Range.Line))
	}
	if len(passed) != 1 || passed[0] != "live/sa/terragrunt.hcl:5" {
		t.Errorf("role passed at %v, want live/sa/terragrunt.hcl:5", passed)
	}
}

// TestUnitCycleAndMissingSource: units depending on each other are
// evaluated (one without the other's outputs) with a note; a unit with
// no source and no configuration is a note, never an FL000.
func TestUnitCycleAndMissingSource(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"m/main.tf":          "variable \"x\" {\n  default = null\n}\noutput \"x\" { value = var.x }\n",
		"a/terragrunt.hcl":   "",
		"b/terragrunt.hcl":   "",
		"nil/terragrunt.hcl": "",
	})
	rel := func(p string) string { r, _ := filepath.Rel(dir, p); return filepath.ToSlash(r) }
	mk := func(name, dep string) Unit {
		return Unit{Dir: filepath.Join(dir, name), Config: filepath.Join(dir, name, "terragrunt.hcl"), Source: filepath.Join(dir, "m"), Dependencies: []string{filepath.Join(dir, dep)}}
	}
	units := []Unit{mk("a", "b"), mk("b", "a"), {Dir: filepath.Join(dir, "nil"), Config: filepath.Join(dir, "nil/terragrunt.hcl")}}
	res := Load(nil, Options{Root: dir, Rel: rel, Units: units})
	if len(res.Diagnostics) != 0 {
		t.Errorf("diagnostics %v", res.Diagnostics)
	}
	want := map[string]bool{
		"terragrunt unit b: its dependency on a is part of a cycle; that dependency's outputs are unknown":  true,
		"terragrunt unit nil names no terraform source and holds no Terraform configuration; not evaluated": true,
	}
	for _, n := range res.Notes {
		delete(want, n.What)
	}
	if len(want) != 0 {
		t.Errorf("missing notes %v in %v", want, res.Notes)
	}
}

// TestLocalSourceWithoutConfiguration: a local source that exists but
// holds no .tf is said to be empty, not missing.
func TestLocalSourceWithoutConfiguration(t *testing.T) {
	res := loadRoot(t, map[string]string{
		"infra/main.tf":       "module \"dns\" {\n  source = \"./dns\"\n}\nmodule \"gone\" {\n  source = \"./gone\"\n}\n",
		"infra/dns/README.md": "moved to another repository\n",
	}, "infra", Options{})
	var got []string
	for _, n := range res.Notes {
		if strings.Contains(n.What, "local source") {
			got = append(got, n.What)
		}
	}
	sort.Strings(got)
	if len(got) != 2 || !strings.Contains(got[0], "local source ./dns holds no Terraform configuration") || !strings.Contains(got[1], "local source ./gone not found in the tree") {
		t.Errorf("notes %q", got)
	}
}
