package terraform

import (
	"testing"
)

// An untyped root input without a value, read only through attributes,
// is an object of holes: an object passed down that holds one of them is
// still a known object, so try over a key it lacks takes the fallback and
// the role's count is 1 (found on aws-samples/eks-workshop-v2: 26
// blueprints roles "count unknown"). Read whole, the input stays a hole.
func TestUntypedInputReadThroughAttributes(t *testing.T) {
	mod := `
variable "lbc" {
  type    = any
  default = {}
}
resource "aws_iam_role" "this" {
  count              = try(var.lbc.create_role, true) ? 1 : 0
  name               = "alb-controller"
  assume_role_policy = "{}"
}
`
	for _, tc := range []struct {
		name, read string
		possible   bool
	}{
		{"attribute", `"${var.context.cluster_id}-alb"`, false},
		{"whole", `"${var.context}-alb"`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeTree(t, map[string]string{
				"main.tf":     "variable \"context\" { type = any }\nmodule \"m\" {\n  source = \"./mod\"\n  lbc = { role_name = " + tc.read + " }\n}\n",
				"mod/main.tf": mod,
			})
			role := entity(loadCached(dir), "module.m.aws_iam_role.this[0]")
			if role == nil {
				t.Fatal("no role module.m.aws_iam_role.this[0]")
			}
			if got := len(role.Base().Possible) > 0; got != tc.possible {
				t.Errorf("possible = %v (%v), want %v", got, role.Base().Inferred, tc.possible)
			}
		})
	}
}
