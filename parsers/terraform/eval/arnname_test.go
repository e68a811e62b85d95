package eval

import "testing"

// replace(<role>.arn, "/^(.*role/)/", "") — how the eks modules turn a
// role ARN they are given into the role an instance profile holds — is that
// role's name; other regexes and other ARNs stay anonymous holes.
func TestReplaceRoleARNToName(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"main.tf": `
resource "aws_iam_role" "nodes" {
  name_prefix        = "nodes-"
  assume_role_policy = "{}"
}
resource "aws_iam_policy" "p" {
  name   = "p"
  policy = "{}"
}
output "name" { value = replace(aws_iam_role.nodes.arn, "/^(.*role/)/", "") }
output "other_regex" { value = replace(aws_iam_role.nodes.arn, "/^arn:/", "") }
output "not_a_role" { value = replace(aws_iam_policy.p.arn, "/^(.*role/)/", "") }
output "not_the_arn" { value = replace(aws_iam_role.nodes.unique_id, "/^(.*role/)/", "") }
output "known" { value = replace("arn:aws:iam::111122223333:role/ops", "/^(.*role/)/", "") }
`,
	})
	got := outputs(t, dir, Options{})
	want := map[string]string{
		"name":        "${aws_iam_role.nodes.name}",
		"other_regex": "${…}",
		"not_a_role":  "${…}",
		"not_the_arn": "${…}",
		"known":       "ops",
	}
	for k, w := range want {
		if g := got[k].String(); g != w {
			t.Errorf("output %s = %s, want %s", k, g, w)
		}
	}
}
