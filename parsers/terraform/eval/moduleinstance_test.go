package eval

import "testing"

func TestModuleInstance(t *testing.T) {
	for addr, want := range map[string]string{
		`.:module.eks.module.eks_managed_node_group["main"].aws_iam_role.this[0]`:       `.:module.eks.module.eks_managed_node_group["main"]`,
		`.:module.eks.module.eks_managed_node_group["main"].aws_eks_node_group.this[0]`: `.:module.eks.module.eks_managed_node_group["main"]`,
		`.:module.eks.kubernetes_config_map_v1_data.aws_auth[0]#mapRoles[0]`:            `.:module.eks`,
		`live/eks:aws_iam_role.nodes`:                      `live/eks:`,
		`.:module.x["a.b"].module.y.aws_iam_role.r`:        `.:module.x["a.b"].module.y`,
		`.:module.x["a]b"].data.aws_iam_policy_document.p`: `.:module.x["a]b"]`,
	} {
		if got := moduleInstance(addr); got != want {
			t.Errorf("moduleInstance(%s) = %s, want %s", addr, got, want)
		}
	}
}
