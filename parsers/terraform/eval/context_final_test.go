package eval

import "testing"

// TestContextsAfterPresetOutputs evaluates a cycle through a module call
// (no cycle to Terraform, which orders outputs and variables one by one):
// the resource the call reads is evaluated first, with the call's outputs
// preset as holes; every later item that reads the same outputs (with
// the same context as that resource's expression) sees the outputs the
// call gives once evaluated, never the preset holes; and the root's second
// pass gives the resource itself the call's output, as Terraform does.
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
	if s, ok := out["early"].Str(); !ok || s != "r-fixed" {
		t.Errorf("output early = %v, want \"r-fixed\"", out["early"])
	}
}

// TestTrueCycleThroughModuleCall: an output of the call that does depend
// on the resource reading it is a cycle Terraform refuses; the second pass
// ends it (no third), with the first pass's values.
func TestTrueCycleThroughModuleCall(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"main.tf": `
module "m" {
  source = "./m"
  in     = aws_iam_role.r.name
}
resource "aws_iam_role" "r" {
  name = "r-${module.m.out}"
}
output "early" { value = aws_iam_role.r.name }
output "out" { value = module.m.out }
`,
		"m/main.tf": `
variable "in" {}
output "out" { value = "${var.in}-x" }
`,
	})
	out := outputs(t, dir, Options{})
	if p := out["early"].Prefix(); p != "r-r-" {
		t.Errorf("output early = %v, want r-r- and a hole: the second pass reads the first's r-<hole>-x", out["early"])
	}
	if _, ok := out["out"].Str(); ok {
		t.Errorf("output out = %v, want a hole in it", out["out"])
	}
}

// TestSecondPassOnlyWhenReached: a root is evaluated a second time only
// when a preset hole reached the model (an entity — see the rules fixture
// FL201/positive_module_calls_read_each_other —, embedded YAML, an output
// other roots may read): a preset read into a resource the model does not
// keep costs no second pass. Each reader and module "m" read each other (m's input
// is the reader's attribute, the reader reads m's output), so the reader
// is evaluated first, with m's output preset.
func TestSecondPassOnlyWhenReached(t *testing.T) {
	for _, tc := range []struct {
		name, reader, in string
		passes           int64
	}{
		{"output", `resource "aws_kms_key" "k" { description = "x-${module.m.out}" }
output "o" { value = aws_kms_key.k.description }`, "aws_kms_key.k.arn", 1},
		{"nothing kept", `resource "aws_kms_key" "k" { description = "x-${module.m.out}" }`, "aws_kms_key.k.arn", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeTree(t, map[string]string{
				"main.tf": tc.reader + `
module "m" {
  source = "./m"
  in     = ` + tc.in + `
}
`,
				"m/main.tf": `
variable "in" {}
output "out" { value = "arn:aws:iam::111122223333:role/app" }
`,
			})
			s := testSession(Options{Root: dir})
			s.Evaluate(dir)
			if got := s.SecondPasses.Load(); got != tc.passes {
				t.Errorf("%d second passes, want %d", got, tc.passes)
			}
		})
	}
}
