package rules_test

import (
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/rules"
)

// TestKarpenterModuleRoleInference: a karpenter module given its node role
// is reported as inferred; when a node class names a role that may be it
// (the role's generated name copied in), the inference says so instead of
// claiming no node class names it.
func TestKarpenterModuleRoleInference(t *testing.T) {
	for dir, want := range map[string]string{
		"testdata/FL101/positive_karpenter_module_v20_given_node_group_role":     "no EC2NodeClass in the tree names it",
		"testdata/FL101/positive_karpenter_module_role_copied_by_generated_name": "no EC2NodeClass in the tree is known to name it (Karpenter EC2NodeClass default names role system-eks-node-group-20240611093015123400000007, which may be it)",
	} {
		in, err := load(dir)
		if err != nil {
			t.Fatal(err)
		}
		res := lint.Run(in, []*lint.Rule{rules.SharedNodeRole}, lint.Options{})
		if len(res.Findings) != 1 {
			t.Fatalf("%s: %d findings", dir, len(res.Findings))
		}
		if got := strings.Join(res.Findings[0].Inferred, "; "); !strings.HasSuffix(got, want) {
			t.Errorf("%s: inferred %q, want it to end %q", dir, got, want)
		}
	}
}
