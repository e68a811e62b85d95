package lint

import "testing"

func TestParseIssuer(t *testing.T) {
	ref := func(obj, path string) Value { return Hole(HoleRef{Object: obj, Path: path}) }
	for _, c := range []struct {
		name              string
		in                Value
		eks               Tri
		region, id, suffx string
		partition         string
	}{
		{"url", Known("https://oidc.eks.us-east-1.amazonaws.com/id/ABC123"), Yes, "us-east-1", "ABC123", "amazonaws.com", ""},
		{"upper-case scheme", Known("HTTPS://oidc.eks.us-east-1.amazonaws.com/id/ABC123"), Yes, "us-east-1", "ABC123", "amazonaws.com", ""},
		{"bare", Known("oidc.eks.eu-west-1.amazonaws.com/id/F00"), Yes, "eu-west-1", "F00", "amazonaws.com", ""},
		{"arn", Known("arn:aws:iam::111122223333:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/F00"), Yes, "eu-west-1", "F00", "amazonaws.com", "aws"},
		{"china arn", Known("arn:aws-cn:iam::111122223333:oidc-provider/oidc.eks.cn-north-1.amazonaws.com.cn/id/F00"), Yes, "cn-north-1", "F00", "amazonaws.com.cn", "aws-cn"},
		{"govcloud", Known("oidc.eks.us-gov-west-1.amazonaws.com/id/F00"), Yes, "us-gov-west-1", "F00", "amazonaws.com", ""},
		{"iso-b", Known("oidc.eks.us-isob-east-1.sc2s.sgov.gov/id/F00"), Yes, "us-isob-east-1", "F00", "sc2s.sgov.gov", ""},
		{"github", Known("token.actions.githubusercontent.com"), No, "", "", "", ""},
		{"github arn", Known("arn:aws:iam::111122223333:oidc-provider/token.actions.githubusercontent.com"), No, "", "", "", "aws"},
		{"look-alike", Known("oidc.eks.example.internal/id/F00"), No, "", "", "", ""},
		{"look-alike region", Known("oidc.eks.a.b.amazonaws.com/id/F00"), No, "", "", "", ""},
		{"not an id path", Known("oidc.eks.us-east-1.amazonaws.com/keys"), No, "us-east-1", "", "amazonaws.com", ""},
		{"saml arn", Known("arn:aws:iam::111122223333:saml-provider/okta"), No, "", "", "", ""},
		{"cognito", Known("cognito-identity.amazonaws.com"), No, "", "", "", ""},
		{"hole", ref("module.eks", "oidc_provider"), Maybe, "", "", "", ""},
		{"arn of a hole", Concat(Known("arn:aws:iam::111122223333:oidc-provider/"), ref("module.eks", "oidc_provider")), Maybe, "", "", "", "aws"},
		{"region hole", Concat(Known("oidc.eks."), ref("var.region", ""), Known(".amazonaws.com/id/"), ref("var.id", "")), Yes, "${var.region}", "${var.id}", "amazonaws.com", ""},
		{"host then hole", Concat(Known("oidc.eks."), ref("var.rest", "")), Yes, "", "", "", ""},
		{"other host then hole", Concat(Known("token.actions."), ref("var.rest", "")), No, "", "", "", ""},
		{"prefix of oidc.eks", Concat(Known("oidc."), ref("var.rest", "")), Maybe, "", "", "", ""},
		{"foreign suffix", Concat(Known("oidc.eks."), ref("var.region", ""), Known(".example.org/id/F00")), No, "", "", "", ""},
		{"unknown", Unknown(), Maybe, "", "", "", ""},
	} {
		got := ParseIssuer(c.in)
		if got.EKS != c.eks {
			t.Errorf("%s: EKS = %s, want %s", c.name, got.EKS, c.eks)
		}
		if c.eks != Yes {
			if got.Partition != c.partition {
				t.Errorf("%s: partition %q, want %q", c.name, got.Partition, c.partition)
			}
			continue
		}
		str := func(v Value) string {
			if v.IsUnknown() {
				return ""
			}
			return v.String()
		}
		if str(got.Region) != c.region || str(got.ID) != c.id || got.DNSSuffix != c.suffx || got.Partition != c.partition {
			t.Errorf("%s: region %q id %q suffix %q partition %q; want %q %q %q %q", c.name, str(got.Region), str(got.ID), got.DNSSuffix, got.Partition, c.region, c.id, c.suffx, c.partition)
		}
	}
}

func TestIssuerCompare(t *testing.T) {
	p := func(s string) Issuer { return ParseIssuer(Known(s)) }
	oidc := Hole(HoleRef{Object: "module.eks", Path: "oidc_provider"})
	for _, c := range []struct {
		name string
		a, b Issuer
		want Tri
	}{
		{"arn and key", p("arn:aws:iam::1:oidc-provider/oidc.eks.us-east-1.amazonaws.com/id/AAA"), p("oidc.eks.us-east-1.amazonaws.com/id/AAA"), Yes},
		{"url and key", p("https://oidc.eks.us-east-1.amazonaws.com/id/AAA"), p("oidc.eks.us-east-1.amazonaws.com/id/AAA"), Yes},
		{"other id", p("oidc.eks.us-east-1.amazonaws.com/id/AAA"), p("oidc.eks.us-east-1.amazonaws.com/id/BBB"), No},
		{"other region", p("oidc.eks.us-east-1.amazonaws.com/id/AAA"), p("oidc.eks.us-west-2.amazonaws.com/id/AAA"), No},
		{"other partition", p("oidc.eks.cn-north-1.amazonaws.com.cn/id/AAA"), p("oidc.eks.cn-north-1.amazonaws.com/id/AAA"), No},
		{"host case only", p("oidc.eks.US-EAST-1.amazonaws.com/id/AAA"), p("oidc.eks.us-east-1.amazonaws.com/id/AAA"), Maybe},
		{"eks and github", p("oidc.eks.us-east-1.amazonaws.com/id/AAA"), p("token.actions.githubusercontent.com"), No},
		{"two other providers", p("token.actions.githubusercontent.com"), p("gitlab.example.com"), No},
		{"same other provider", p("arn:aws:iam::1:oidc-provider/token.actions.githubusercontent.com"), p("token.actions.githubusercontent.com"), Yes},
		{"same hole", ParseIssuer(Concat(Known("arn:aws:iam::1:oidc-provider/"), oidc)), ParseIssuer(oidc), Yes},
		{"hole and literal", ParseIssuer(oidc), p("oidc.eks.us-east-1.amazonaws.com/id/AAA"), Maybe},
		{"unknown", ParseIssuer(Unknown()), p("oidc.eks.us-east-1.amazonaws.com/id/AAA"), Maybe},
	} {
		if got := c.a.Compare(c.b); got != c.want {
			t.Errorf("%s: %s vs %s = %s, want %s", c.name, c.a, c.b, got, c.want)
		}
		if got := c.b.Compare(c.a); got != c.want {
			t.Errorf("%s (reversed): %s vs %s = %s, want %s", c.name, c.b, c.a, got, c.want)
		}
	}
}

// Text written as an ARN that is not one (a field missing) names no
// issuer that can be decided: neither an EKS cluster's nor another's.
func TestParseIssuerMalformedARN(t *testing.T) {
	iss := ParseIssuer(Known("arn:aws:iam:111122223333:oidc-provider/oidc.eks.us-east-1.amazonaws.com/id/AB"))
	if iss.EKS != Maybe || !iss.Bare.IsUnknown() {
		t.Errorf("EKS %v, bare %s; want undecided", iss.EKS, iss.Bare)
	}
}
