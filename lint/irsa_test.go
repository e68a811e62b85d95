package lint

import "testing"

func TestParseSubjectAndMatch(t *testing.T) {
	ns := Hole(HoleRef{Object: "r:var.ns"})
	v := Concat(Known("system:serviceaccount:"), ns, Known(":karpenter"))
	n, name, ok := ParseSubject(v)
	if !ok || n.String() != "${var.ns}" || name.String() != "karpenter" {
		t.Fatalf("ParseSubject = %s %s %v", n, name, ok)
	}
	s := Subject{Namespace: Known("karpenter"), Name: Known("karpenter")}
	for _, c := range []struct {
		ns, name Value
		want     Tri
	}{
		{Known("karpenter"), Known("karpenter"), Yes},
		{Known("kube-system"), Known("karpenter"), No},
		{Known("karpenter"), Concat(Hole(HoleRef{Object: "r:local.cluster"}), Known("-ray")), No},
		{Unknown(), Known("karpenter"), Maybe},
	} {
		if got := SubjectAllows(s, c.ns, c.name); got != c.want {
			t.Errorf("SubjectAllows(%s, %s) = %s, want %s", c.ns, c.name, got, c.want)
		}
	}
	like := Subject{Namespace: Known("crossplane-system"), Name: Known("provider-aws-*"), Like: true}
	if SubjectAllows(like, Known("crossplane-system"), Known("provider-aws-1a2b3c")) != Yes {
		t.Error("StringLike wildcard")
	}
	if SubjectAllows(like, Known("default"), Known("provider-aws-1")) != No {
		t.Error("StringLike namespace")
	}
}

func TestIssuers(t *testing.T) {
	if got := IssuerOfProvider(Known("arn:aws:iam::111122223333:oidc-provider/oidc.eks.us-east-1.amazonaws.com/id/ABC")).String(); got != "oidc.eks.us-east-1.amazonaws.com/id/ABC" {
		t.Errorf("IssuerOfProvider = %s", got)
	}
	k := Concat(Hole(HoleRef{Object: "r:module.eks", Path: "oidc_provider"}), Known(":sub"))
	if got := IssuerOfKey(k).String(); got != "${module.eks.oidc_provider}" {
		t.Errorf("IssuerOfKey = %s", got)
	}
}
