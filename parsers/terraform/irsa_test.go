package terraform

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

func TestAddonAndPodIdentity(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"main.tf": `resource "aws_iam_role" "ebs" {
  name = "ebs-csi"
}

resource "aws_eks_addon" "ebs" {
  cluster_name             = "prod"
  addon_name               = "aws-ebs-csi-driver"
  service_account_role_arn = aws_iam_role.ebs.arn
}

resource "aws_eks_addon" "cni" {
  cluster_name = "prod"
  addon_name   = "vpc-cni"
  pod_identity_association {
    role_arn        = aws_iam_role.ebs.arn
    service_account = "aws-node"
  }
}

resource "aws_eks_addon" "other" {
  cluster_name = "prod"
  addon_name   = "eks-pod-identity-agent"
}

resource "aws_eks_pod_identity_association" "karpenter" {
  cluster_name    = "prod"
  namespace       = "kube-system"
  service_account = "karpenter"
  role_arn        = aws_iam_role.ebs.arn
}

resource "aws_eks_addon" "dns" {
  cluster_name = "prod"
  addon_name   = "external-dns"
  pod_identity_association {
    role_arn        = aws_iam_role.ebs.arn
    service_account = "external-dns"
  }
}
`,
	})
	res := Load([]string{dir}, Options{Root: dir, Rel: func(p string) string { r, _ := filepath.Rel(dir, p); return filepath.ToSlash(r) }})
	rg := func(l, c, el, ec int) lint.Range {
		return lint.Range{File: "main.tf", Line: l, Column: c, EndLine: el, EndColumn: ec}
	}
	var sas []*lint.ServiceAccount
	pias := map[string]*lint.PodIdentityAssociation{}
	for _, e := range res.Entities {
		switch x := e.(type) {
		case *lint.ServiceAccount:
			sas = append(sas, x)
		case *lint.PodIdentityAssociation:
			pias[x.Label] = x
		}
	}
	isRoleARN := func(what string, v lint.Value) {
		t.Helper()
		h, ok := v.SoleRef()
		if !ok || h.Path != "arn" || !strings.HasSuffix(h.Object, "aws_iam_role.ebs") {
			t.Errorf("%s = %s, want a hole naming aws_iam_role.ebs.arn", what, v)
		}
	}
	if len(sas) != 2 {
		t.Fatalf("service accounts = %d, want ebs and cni (eks-pod-identity-agent has none)", len(sas))
	}
	want := []struct {
		ns, name, label string
		nameRange       lint.Range
		role            bool
		roleRange       lint.Range
	}{
		{"kube-system", "ebs-csi-controller-sa", "service account kube-system/ebs-csi-controller-sa (aws_eks_addon.ebs, add-on aws-ebs-csi-driver)", rg(7, 3, 7, 50), true, rg(8, 3, 8, 50)},
		{"kube-system", "aws-node", "service account kube-system/aws-node (aws_eks_addon.cni, add-on vpc-cni)", rg(13, 3, 13, 27), false, lint.Range{}},
	}
	for i, w := range want {
		sa := sas[0]
		if n, _ := sa.Name.Str(); n != w.name {
			sa = sas[1]
		}
		ns, _ := sa.Namespace.Str()
		n, _ := sa.Name.Str()
		if ns != w.ns || n != w.name || sa.Label != w.label || sa.NameRange != w.nameRange || sa.NamespaceRange != w.nameRange || sa.Kind != lint.KindServiceAccount {
			t.Errorf("service account %d = %s/%s %q at %#v / %#v", i, ns, n, sa.Label, sa.NameRange, sa.NamespaceRange)
		}
		if len(sa.Aliases) != 1 || sa.Aliases[0] != lint.KubeKey("", "ServiceAccount", w.ns, w.name) {
			t.Errorf("%s aliases = %v", sa.Label, sa.Aliases)
		}
		if sa.RoleARN.IsSet() != w.role {
			t.Errorf("%s role set = %v", sa.Label, sa.RoleARN.IsSet())
		}
		if w.role {
			isRoleARN(sa.Label, sa.RoleARN.Value)
			if sa.RoleARN.Range != w.roleRange {
				t.Errorf("%s role range = %#v", sa.Label, sa.RoleARN.Range)
			}
		}
	}
	// An add-on whose namespace faultline does not know: its label says so.
	if dns := pias["pod identity association of service account external-dns (aws_eks_addon.dns, in the add-on's namespace, not known)"]; dns == nil || !dns.Namespace.Value.IsUnknown() {
		t.Errorf("unknown add-on's association: %v", pias)
	}
	cni := pias["pod identity association kube-system/aws-node (aws_eks_addon.cni)"]
	if cni == nil {
		t.Fatalf("no add-on association in %v", pias)
	}
	if ns, _ := cni.Namespace.Value.Str(); ns != "kube-system" || cni.Kind != lint.KindPodIdentity || cni.ServiceAccount.Range != rg(16, 5, 16, 33) || cni.RoleARN.Range != rg(15, 5, 15, 43) {
		t.Errorf("add-on association = %+v %#v %#v", cni, cni.ServiceAccount.Range, cni.RoleARN.Range)
	}
	if c, _ := cni.Cluster.Str(); c != "prod" {
		t.Errorf("cluster = %s", cni.Cluster)
	}
	isRoleARN("add-on association role", cni.RoleARN.Value)
	var k *lint.PodIdentityAssociation
	for _, p := range pias {
		if p.Label == "aws_eks_pod_identity_association.karpenter" {
			k = p
		}
	}
	if k == nil {
		t.Fatalf("no aws_eks_pod_identity_association in %v", pias)
	}
	ns, _ := k.Namespace.Value.Str()
	sa, _ := k.ServiceAccount.Value.Str()
	c, _ := k.Cluster.Str()
	if ns != "kube-system" || sa != "karpenter" || c != "prod" || k.Namespace.Range != rg(27, 3, 27, 34) || k.ServiceAccount.Range != rg(28, 3, 28, 32) || k.RoleARN.Range != rg(29, 3, 29, 41) {
		t.Errorf("association = %+v %#v %#v %#v", k, k.Namespace.Range, k.ServiceAccount.Range, k.RoleARN.Range)
	}
	isRoleARN("association role", k.RoleARN.Value)
}

// A remote Karpenter chart installed by Terraform: its service account is
// modelled from the release, with the role the set block names.
