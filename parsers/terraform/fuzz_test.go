package terraform

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzLoad feeds arbitrary bytes as a module's main.tf: parsing and
// evaluation must never panic (a recovered panic shows as a diagnostic
// "Cannot evaluate module", which the fuzzer also rejects).
func FuzzLoad(f *testing.F) {
	for _, seed := range []string{
		"resource \"aws_iam_role\" \"r\" {\n  name = \"${var.x}-n\"\n}\nvariable \"x\" {}\n",
		"locals {\n  a = [for i in range(3) : i]\n  b = { for k, v in local.a : k => v }\n}\n",
		"resource \"aws_eks_node_group\" \"n\" {\n  count = 2\n  node_role_arn = aws_iam_role.r[count.index].arn\n}\n",
		"module \"m\" {\n  source = \"./\"\n}\n",
		"data \"aws_iam_policy_document\" \"d\" {\n  statement {\n    condition {\n      test = \"StringEquals\"\n      variable = \"${module.eks.x}:sub\"\n      values = [1]\n    }\n  }\n}\n",
		"module \"eks\" {\n  source = \"terraform-aws-modules/eks/aws\"\n  version = \"19.0\"\n  manage_aws_auth_configmap = true\n  aws_auth_roles = [{rolearn = \"x\", groups = [\"system:nodes\"]}]\n  access_entries = {a = {principal_arn = \"y\"}}\n}\n",
		"resource \"kubernetes_config_map\" \"a\" {\n  metadata {\n    name = \"aws-auth\"\n    namespace = \"kube-system\"\n  }\n  data = {\n    mapRoles = yamlencode([{rolearn = \"z\"}])\n  }\n}\n",
		"resource \"a\" \"b\" {\n  count = 2\n  depends_on = [a.c[0], \"a.c\", data.d.e, module.m, module.m.o, var.v.w, a]\n}\nresource \"a\" \"c\" {}\nmodule \"m\" {\n  source = \"./\"\n  depends_on = [a.b]\n}\n",
		"resource \"x\" \"y\" {\n  dynamic \"a\" {\n    for_each = {a = 1}\n    content {\n      v = a.value\n    }\n  }\n}\n",
	} {
		f.Add([]byte(seed))
	}
	// Hostile shapes: nesting past the parser's stack, exploding functions.
	for _, seed := range []string{
		"locals {\n  x = " + strings.Repeat("(", 2000) + "1" + strings.Repeat(")", 2000) + "\n}\n",
		"locals {\n  x = " + strings.Repeat("\"${", 1500) + "1" + strings.Repeat("}\"", 1500) + "\n}\n",
		"locals {\n  x = " + strings.Repeat("!", 3000) + "true\n}\n",
		"locals {\n  p = setproduct(range(1024), range(1024), range(1024))\n}\n",
		"locals {\n  s = format(\"%0999999999d\", 1)\n}\n",
		"locals {\n  y = yamldecode(\"a: &a [1, 1]\\nb: &b [*a, *a]\\nc: [*b, *b]\\n\")\n}\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "main.tf"), src, 0o644); err != nil {
			t.Fatal(err)
		}
		res := Load([]string{dir}, Options{Root: dir})
		for _, d := range res.Diagnostics {
			if d.Summary == "Cannot evaluate module" {
				t.Fatalf("evaluation panicked: %s", d.Detail)
			}
		}
	})
}
