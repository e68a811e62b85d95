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

// A StringLike pattern against a name with holes (a Crossplane provider's
// account, named after its revision): decided where the written parts
// decide it, Maybe where they do not.
func TestLikeMatchHoles(t *testing.T) {
	rev := func(prefix string) Value {
		return Concat(Known(prefix), Hole(HoleRef{Object: "x.yaml#0/Provider/p", Path: "digest"}))
	}
	around := Concat(Known("team-"), Hole(HoleRef{Object: "r:var.team"}), Known("-reader"))
	for _, c := range []struct {
		pattern string
		v       Value
		want    Tri
	}{
		{"provider-aws-s3-*", rev("provider-aws-s3-"), Yes},
		{"provider-aws-*", rev("provider-aws-s3-"), Yes},
		{"*", rev("provider-aws-s3-"), Yes},
		{"provider-aws-ec2-*", rev("provider-aws-s3-"), No},
		{"provider-gcp-*", rev("provider-aws-s3-"), No},
		{"provider-aws-s3-?", rev("provider-aws-s3-"), Maybe},
		{"provider-aws-*-x", rev("provider-aws-s3-"), Maybe},
		{"provider-aws-s3-a*", rev("provider-aws-s3-"), Maybe},
		{"provider-*", rev("prov"), Maybe},
		{"crossplane-*", rev("prov"), No},
		{"*-reader", around, Yes},
		{"*-writer", around, No},
		{"team-*", around, Yes},
		{"ops-*", around, No},
		{"team-*-reader", around, Maybe},
		{"team-*", Unknown(), Maybe},
	} {
		if got := LikeMatch(Known(c.pattern), c.v); got != c.want {
			t.Errorf("LikeMatch(%s, %s) = %s, want %s", c.pattern, c.v, got, c.want)
		}
	}
}
