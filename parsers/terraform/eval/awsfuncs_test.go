package eval

import "testing"

// The AWS provider's functions over values with holes: arn_build keeps
// them in place, arn_parse reads the sections a hole cannot shift, and
// trim_iam_role_path of a hole is an anonymous hole.
func TestAWSProviderFunctionsWithHoles(t *testing.T) {
	dir := writeTree(t, map[string]string{"main.tf": `
module "eks" {
  source = "example-corp/eks/aws"
}
output "built" {
  value = provider::aws::arn_build("aws", "iam", "", "111122223333", "role/${module.eks.node_role_name}")
}
output "account" {
  value = provider::aws::arn_parse("arn:aws:iam::111122223333:role/${module.eks.node_role_name}").account_id
}
output "resource" {
  value = provider::aws::arn_parse("arn:aws:iam::111122223333:role/${module.eks.node_role_name}").resource
}
output "shifted" {
  value = provider::aws::arn_parse("arn:aws:iam::${module.eks.account}:role/nodes").resource
}
output "trimmed" {
  value = "${provider::aws::trim_iam_role_path(module.eks.node_role_arn)}#"
}
output "known" {
  value = provider::aws::trim_iam_role_path(provider::aws::arn_build("aws", "iam", "", "111122223333", "role/system/nodes"))
}
`})
	out := outputs(t, dir, Options{})
	if v := out["built"]; v.String() != "arn:aws:iam::111122223333:role/${module.eks.node_role_name}" {
		t.Errorf("built = %s, want the hole kept in the resource", v)
	}
	if s, ok := out["account"].Str(); !ok || s != "111122223333" {
		t.Errorf("account = %v, want the account the literal prefix holds", out["account"])
	}
	if v := out["resource"]; v.String() != "role/${module.eks.node_role_name}" {
		t.Errorf("resource = %s, want the hole kept", v)
	}
	if v := out["shifted"]; v.IsKnown() {
		t.Errorf("shifted = %s, want unknown (the account hole may hold a colon)", v)
	}
	if v := out["trimmed"]; v.String() != "${…}#" {
		t.Errorf("trimmed = %s, want an anonymous hole in place", v)
	}
	if s, ok := out["known"].Str(); !ok || s != "arn:aws:iam::111122223333:role/nodes" {
		t.Errorf("known = %v", out["known"])
	}
}
