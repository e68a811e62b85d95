package rules

import "testing"

func TestModuleInstanceOf(t *testing.T) {
	for addr, want := range map[string]string{
		`aws_iam_role.nodes`:                    ``,
		`module.eks.aws_security_group.node[0]`: `module.eks`,
		`module.eks.module.eks_managed_node_group["a.b"].aws_iam_role.this[0]`: `module.eks.module.eks_managed_node_group["a.b"]`,
		`module.pools[2].module.inner["x\"]"].data.aws_iam_role.r`:             `module.pools[2].module.inner["x\"]"]`,
	} {
		got, ok := moduleInstanceOf(addr)
		if !ok || got != want {
			t.Errorf("moduleInstanceOf(%s) = %q, %v; want %q", addr, got, ok, want)
		}
	}
	for _, bad := range []string{`module.`, `module.a`, `module.a["x].r.n`, `module.a[].r.n`} {
		if got, ok := moduleInstanceOf(bad); ok {
			t.Errorf("moduleInstanceOf(%s) = %q, want not ok", bad, got)
		}
	}
}

func TestEKSNodeGroupProfile(t *testing.T) {
	for name, want := range map[string]bool{
		"eks-3cc6b1f4-9a2e-4a1b-8c55-0e2d61f0b7aa": true,
		"eks-3CC6B1F4-9A2E-4A1B-8C55-0E2D61F0B7AA": true,
		"eks-nodes": false,
		"eks-3cc6b1f4-9a2e-4a1b-8c55-0e2d61f0b7aa-x":    false,
		"eks-3cc6b1f49a2e4a1b8c550e2d61f0b7aa":          false,
		"prod-eks-3cc6b1f4-9a2e-4a1b-8c55-0e2d61f0b7aa": false,
		"eks-3cc6b1f4-9a2e-4a1b-8c55-0e2d61f0b7ag":      false,
	} {
		if got := isEKSNodeGroupProfile(name); got != want {
			t.Errorf("isEKSNodeGroupProfile(%q) = %v, want %v", name, got, want)
		}
	}
}
