package terraform

import (
	"fmt"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// TestDeepNestingIsDiagnostic: files nested deep enough to overflow the
// HCL parser's stack (which no recover catches) become an input
// diagnostic at the bracket that passed the bound, and the rest of the
// tree, even the rest of the same module, is still read.
func TestDeepNestingIsDiagnostic(t *testing.T) {
	const n = 70000
	r := strings.Repeat
	expr := func(open, mid, close string) string {
		return "locals {\n  x = " + r(open, n) + mid + r(close, n) + "\n}\n"
	}
	dir := writeTree(t, map[string]string{
		"parens/main.tf":    expr("(", "1", ")"),
		"brackets/main.tf":  expr("[", "", "]"),
		"braces/main.tf":    expr("{a=", "1", "}"),
		"interps/main.tf":   expr(`"${`, "1", `}"`),
		"json/main.tf.json": `{"locals":{"x":` + r("[", 200000) + r("]", 200000) + "}}",
		"good/main.tf": `variable "x" {
  default = "vars"
}
resource "aws_iam_role" "nodes" {
  name               = "${var.x}-nodes"
  assume_role_policy = "{}"
}
`,
		"good/deep.tf":          expr("(", "1", ")"),
		"good/terraform.tfvars": "x = " + r("(", n) + `"tfvars"` + r(")", n) + "\n",
	})
	mods := []string{"parens", "brackets", "braces", "interps", "json", "good"}
	var dirs []string
	for _, m := range mods {
		dirs = append(dirs, dir+"/"+m)
	}
	res := Load(dirs, Options{Root: dir})
	got := map[string]string{}
	for _, d := range res.Diagnostics {
		if d.Summary == "Nesting too deep" {
			got[strings.TrimPrefix(d.Range.File, dir+"/")] = fmt.Sprintf("%d:%d", d.Range.Line, d.Range.Column)
		}
	}
	// locals is one level; the 1000th bracket (interpolations: the 500th
	// "${", a quote and an interpolation each) is level 1001.
	want := map[string]string{
		"parens/main.tf":        "2:1006",
		"brackets/main.tf":      "2:1006",
		"braces/main.tf":        fmt.Sprintf("2:%d", 6+3*999+1),
		"interps/main.tf":       fmt.Sprintf("2:%d", 6+3*499+2),
		"json/main.tf.json":     fmt.Sprintf("1:%d", 16+998),
		"good/deep.tf":          "2:1006",
		"good/terraform.tfvars": "1:1005",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("nesting diagnostics\n got %v\nwant %v", got, want)
	}
	var role *lint.Role
	for _, e := range res.Entities {
		if x, ok := e.(*lint.Role); ok {
			role = x
		}
	}
	// the variable keeps its default: the deep terraform.tfvars is not read
	if role == nil || role.Name.String() != "vars-nodes" {
		t.Errorf("the good file of the module was not read: role %+v", role)
	}
}
