package eval

import "testing"

// TestContextsAfterPresetOutputs evaluates a cycle through a module call:
// the resource the call reads is evaluated first, with the call's outputs
// preset as holes; every later item that reads the same outputs (with
// the same context as that resource's expression) sees the outputs the
// call gives once evaluated, never the preset holes.
func TestContextsAfterPresetOutputs(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"main.tf": `
module "m" {
  source = "./m"
  in     = aws_iam_role.r.name
}
resource "aws_iam_role" "r" {
  name = "r-${module.m.out}"
}
locals {
  later = module.m.out
}
output "early" { value = aws_iam_role.r.name }
output "later" { value = local.later }
output "again" { value = "${module.m.out}" }
`,
		"m/main.tf": `
variable "in" {}
output "out" { value = "fixed" }
`,
	})
	out := outputs(t, dir, Options{})
	for _, name := range []string{"later", "again"} {
		if s, ok := out[name].Str(); !ok || s != "fixed" {
			t.Errorf("output %s = %v, want \"fixed\"", name, out[name])
		}
	}
	if s, ok := out["early"].Str(); ok {
		t.Errorf("output early = %q, want the preset hole of module.m.out in it", s)
	} else if out["early"].Prefix() != "r-" {
		t.Errorf("output early = %v, want r- and the preset hole", out["early"])
	}
}
