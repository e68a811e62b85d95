package eval

import (
	"testing"
)

// TestSplitDocumentsAroundHoles checks that split on a YAML document
// separator splits the text written around holes (a value interpolated
// into a manifest holds no separator), that any other separator, or a
// text that is one hole, stays unknown, and that a string holding text
// of its own besides its holes is never equal to "".
func TestSplitDocumentsAroundHoles(t *testing.T) {
	dir := writeTree(t, map[string]string{"main.tf": `
resource "aws_iam_role" "nodes" {
  name = "fleet-nodes"
}

locals {
  docs = "kind: A\nrole: ${aws_iam_role.nodes.arn}\n---\nkind: B\n---\n"
}

output "documents" { value = length(split("---", local.docs)) }
output "kept" { value = length([for d in split("---", local.docs) : d if trimspace(d) != ""]) }
output "commas" { value = length(split(",", "a,${aws_iam_role.nodes.arn},b")) }
output "whole" { value = length(split("---", aws_iam_role.nodes.arn)) }
output "kept_plain" { value = length([for s in ["a${aws_iam_role.nodes.arn}", "", "b"] : s if s != ""]) }
output "not_empty" { value = "x${aws_iam_role.nodes.arn}" != "" }
output "hole_empty" { value = aws_iam_role.nodes.arn == "" }
`})
	got := outputs(t, dir, Options{})
	for name, want := range map[string]string{"documents": "3", "kept": "2", "kept_plain": "2", "not_empty": "true"} {
		if s, ok := got[name].Str(); !ok || s != want {
			t.Errorf("%s = %s, want %s", name, got[name], want)
		}
	}
	for _, name := range []string{"commas", "whole", "hole_empty"} {
		if got[name].IsKnown() {
			t.Errorf("%s = %s, want not known: a hole may hold the separator, or be empty", name, got[name])
		}
	}
}
