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

// What is left of a provider ARN once only its start is cut is read as
// that ARN's issuer (a key FL207 reports, never a mismatch of issuers);
// an issuer, a whole ARN or another ARN's tail is not such a tail.
func TestProviderARNTail(t *testing.T) {
	acct := Hole(HoleRef{Object: "data.aws_caller_identity.current", Path: "account_id"})
	for _, c := range []struct {
		name string
		v    Value
		want string // "" : not a tail
	}{
		{"account and resource", Known("111122223333:oidc-provider/oidc.eks.us-east-1.amazonaws.com/id/AB"), "oidc.eks.us-east-1.amazonaws.com/id/AB"},
		{"resource alone", Known("oidc-provider/oidc.eks.us-east-1.amazonaws.com/id/AB"), "oidc.eks.us-east-1.amazonaws.com/id/AB"},
		{"arn: alone cut", Known("aws:iam::111122223333:oidc-provider/oidc.eks.us-east-1.amazonaws.com/id/AB"), "oidc.eks.us-east-1.amazonaws.com/id/AB"},
		{"account a hole", Concat(acct, Known(":oidc-provider/oidc.eks.us-east-1.amazonaws.com/id/AB")), "oidc.eks.us-east-1.amazonaws.com/id/AB"},
		{"issuer", Known("oidc.eks.us-east-1.amazonaws.com/id/AB"), ""},
		{"whole ARN", Known("arn:aws:iam::111122223333:oidc-provider/oidc.eks.us-east-1.amazonaws.com/id/AB"), ""},
		{"a role's tail", Known("111122223333:role/nodes"), ""},
		{"a hole", acct, ""},
	} {
		got, ok := providerARNTail(c.v)
		if c.want == "" {
			if ok {
				t.Errorf("%s: read as a tail with issuer %s", c.name, got)
			}
			continue
		}
		if !ok || got.String() != c.want {
			t.Errorf("%s: %s, %v; want %s", c.name, got, ok, c.want)
		}
	}
}
