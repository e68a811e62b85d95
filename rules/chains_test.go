package rules_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/rules"
)

// A group a legacy Provisioner's launch template attaches is told as the
// template's, not as a selector term's; a written selector term as one.
func TestFL103ChainSaysWhereTheGroupComesFrom(t *testing.T) {
	for dir, want := range map[string]string{
		"positive_provisioner_launch_template_shares_node_group_group": "the launch template Karpenter Provisioner default names, aws_launch_template.workers, attaches the same group",
		"positive_tags_and_ids": "this selector term of",
	} {
		res := lintDir(t, filepath.Join("testdata", "FL103", dir), rules.SharedSecurityGroup)
		if len(res.Findings) == 0 {
			t.Fatalf("%s: no finding", dir)
		}
		if chain := strings.Join(res.Findings[0].Chain, "\n"); !strings.Contains(chain, want) {
			t.Errorf("%s: chain %q, want it to say %q", dir, chain, want)
		}
	}
}

// FL105's chain names the control plane's rules only when a matched group
// is the cluster security group EKS creates.
func TestFL105ChainNamesTheControlPlaneOnlyForItsGroup(t *testing.T) {
	for dir, want := range map[string]bool{
		"positive_eks_module_wide_tags": true,
		"positive_shared_local_tags":    false,
	} {
		res := lintDir(t, filepath.Join("testdata", "FL105", dir), rules.SelectorSpread)
		if len(res.Findings) == 0 {
			t.Fatalf("%s: no finding", dir)
		}
		if got := strings.Contains(strings.Join(res.Findings[0].Chain, "\n"), "(the control plane's)"); got != want {
			t.Errorf("%s: chain %q names the control plane: %v, want %v", dir, res.Findings[0].Chain, got, want)
		}
	}
}

// FL403's chain says Karpenter finds no NodePool only when a NodePool is
// among the places the pods could go.
func TestFL403ChainNamesKarpenterOnlyWithNodePools(t *testing.T) {
	for dir, want := range map[string]bool{
		"positive_node_group_taint":                 false,
		"positive_auto_mode_without_built_in_pools": true,
	} {
		res := lintDir(t, filepath.Join("testdata", "FL403", dir), rules.All...)
		var chain string
		for _, f := range res.Findings {
			if f.Rule == "FL403" {
				chain = strings.Join(f.Chain, "\n")
				break
			}
		}
		if chain == "" {
			t.Fatalf("%s: no FL403", dir)
		}
		if got := strings.Contains(chain, "Karpenter finds no NodePool"); got != want {
			t.Errorf("%s: chain %q names Karpenter: %v, want %v", dir, chain, got, want)
		}
	}
}
