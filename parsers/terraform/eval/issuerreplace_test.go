package eval

import (
	"testing"

	"github.com/zclconf/go-cty/cty"

	"github.com/faultline-dev/faultline/lint"
)

func TestReplacesNothingInIssuer(t *testing.T) {
	h := Holes{lint.NewHoles(), nil}
	issuer := h.val(lint.HoleRef{Object: "aws_eks_cluster.main", Path: "identity[0].oidc[0].issuer"}).AsString()
	for _, tc := range []struct {
		sub     string
		isRegex bool
		want    bool
	}{
		{"https://", false, false},
		// A prefix naming one region (or one cluster's ID) matches that
		// region's issuers, whichever regions the samples hold.
		{"https://oidc.eks.eu-west-1.amazonaws.com/id/", false, false},
		{"https://oidc.eks.ap-northeast-2.amazonaws.com/id/", false, false},
		{"oidc.eks.us-gov-east-1.amazonaws.com/id/ABCDEF0123456789ABCDEF0123456789", false, false},
		// Written for the provider's ARN: in no issuer URL.
		{"arn:aws:iam::111122223333:oidc-provider/", false, true},
		{"^(.*provider/)", true, true},
		{"^https://", true, false},
	} {
		if got := h.replacesNothingInIssuer(issuer, tc.sub, tc.isRegex); got != tc.want {
			t.Errorf("replace(issuer, %q): replaces nothing = %v, want %v", tc.sub, got, tc.want)
		}
	}
	if h.replacesNothingInIssuer("https://oidc.eks.eu-west-1.amazonaws.com/id/ABC", "/oidc-provider/", false) {
		t.Error("a known string is no cluster issuer hole")
	}
}

// A provider ARN is left as it is by a search that matches in no ARN IAM
// gives an OIDC provider (a scheme an ARN never has), and derived by one
// that cuts its prefix off, whichever account or region it names.
func TestReplacesNothingInProviderARN(t *testing.T) {
	h := Holes{lint.NewHoles(), nil}
	arn := h.val(lint.HoleRef{Object: "data.aws_iam_openid_connect_provider.eks", Path: "arn"}).AsString()
	for _, tc := range []struct {
		sub     string
		isRegex bool
		want    bool
	}{
		{"^https://", true, true},
		{"https://", false, true},
		{"^(.*provider/)", true, false},
		{"arn:aws:iam::444455556666:oidc-provider/", false, false},
		{"^arn:aws-us-gov:iam::444455556666:oidc-provider/", true, false},
		{"oidc-provider/oidc.eks.eu-west-3.amazonaws.com", false, false},
		{"oidc-provider/", false, false},
	} {
		if got := h.replacesNothingInIssuer(arn, tc.sub, tc.isRegex); got != tc.want {
			t.Errorf("replace(provider ARN, %q): replaces nothing = %v, want %v", tc.sub, got, tc.want)
		}
	}
	role := h.val(lint.HoleRef{Object: "aws_iam_role.x", Path: "arn"}).AsString()
	if h.replacesNothingInIssuer(role, "^https://", true) {
		t.Error("a role's ARN is no provider ARN")
	}
}

// trim(issuer, cutset) is trimprefix(issuer, prefix) when the set cuts
// the same prefix off every issuer URL EKS gives and nothing off its end.
func TestTrimmedIssuerPrefix(t *testing.T) {
	h := Holes{lint.NewHoles(), nil}
	issuer := h.val(lint.HoleRef{Object: "aws_eks_cluster.main", Path: "identity[0].oidc[0].issuer"}).AsString()
	for _, tc := range []struct {
		cutset, prefix string
		ok             bool
	}{
		{"https://", "https://", true},
		{"/:sthp", "https://", true},     // the same set in another order
		{"xyz", "", true},                // cuts nothing
		{"https://o", "https://o", true}, // the same cut from every issuer
		{"https:/oidc.eksu", "", false},  // how far depends on the region
		{"0123456789ABCDEF", "", false},  // cuts the ID's end
		{"", "", false},
	} {
		prefix, ok := h.trimmedIssuerPrefix(issuer, tc.cutset)
		if ok != tc.ok || prefix != tc.prefix {
			t.Errorf("trim(issuer, %q): prefix %q, %v; want %q, %v", tc.cutset, prefix, ok, tc.prefix, tc.ok)
		}
	}
	if _, ok := h.trimmedIssuerPrefix("https://oidc.eks.eu-west-1.amazonaws.com/id/ABC", "https://"); ok {
		t.Error("a known string is no cluster issuer hole")
	}
}

// split(sep, provider ARN) gives, of the parts every ARN is cut into, the
// issuer without its scheme as a hole derived from the ARN, the others as
// holes of the call; a separator cutting ARNs unevenly is not followed.
func TestSplitIssuerPartOfProviderARN(t *testing.T) {
	e := &FuncEnv{h: Holes{lint.NewHoles(), nil}}
	arn := e.h.val(lint.HoleRef{Object: "aws_iam_openid_connect_provider.eks", Path: "arn"})
	parts, ok := e.splitIssuerPart([]cty.Value{cty.StringVal("oidc-provider/"), arn})
	if !ok || parts.LengthInt() != 2 {
		t.Fatalf("split(\"oidc-provider/\", arn) = %#v, %v; want two parts", parts, ok)
	}
	issuer, ok := e.h.decode(parts.Index(cty.NumberIntVal(1)).AsString()).SoleOrigin()
	if !ok || issuer.Object != "aws_iam_openid_connect_provider.eks" || issuer.Path != "arn" {
		t.Errorf("part 1 origin = %+v, %v; want the provider's arn", issuer, ok)
	}
	if _, ok := e.h.decode(parts.Index(cty.NumberIntVal(0)).AsString()).SoleOrigin(); ok {
		t.Error("part 0 (arn:aws:iam::<account>:) has an origin; want none")
	}
	if _, ok := e.splitIssuerPart([]cty.Value{cty.StringVal("."), arn}); ok {
		t.Error("split(\".\", arn) followed; the parts differ in number between partitions")
	}
	role := e.h.val(lint.HoleRef{Object: "aws_iam_role.r", Path: "arn"})
	if _, ok := e.splitIssuerPart([]cty.Value{cty.StringVal("/"), role}); ok {
		t.Error("a role's ARN split as a provider's")
	}
}

// split("/", issuer) of a cluster's issuer URL gives the issuer's ID (its
// fifth part) as a hole derived from the issuer; the scheme's part has no
// origin.
func TestSplitClusterIssuer(t *testing.T) {
	e := &FuncEnv{h: Holes{lint.NewHoles(), nil}}
	issuer := e.h.val(lint.HoleRef{Object: "aws_eks_cluster.main", Path: "identity[0].oidc[0].issuer"})
	parts, ok := e.splitIssuerPart([]cty.Value{cty.StringVal("/"), issuer})
	if !ok || parts.LengthInt() != 5 {
		t.Fatalf("split(\"/\", issuer) = %#v, %v; want five parts", parts, ok)
	}
	id, ok := e.h.decode(parts.Index(cty.NumberIntVal(4)).AsString()).SoleOrigin()
	if !ok || id.Object != "aws_eks_cluster.main" || id.Path != "identity[0].oidc[0].issuer" {
		t.Errorf("part 4 origin = %+v, %v; want the cluster's issuer", id, ok)
	}
	if _, ok := e.h.decode(parts.Index(cty.NumberIntVal(0)).AsString()).SoleOrigin(); ok {
		t.Error("part 0 (https:) has an origin; want none")
	}
	if _, ok := e.splitIssuerPart([]cty.Value{cty.StringVal("."), issuer}); ok {
		t.Error("split(\".\", issuer) followed; the parts differ in number between partitions")
	}
}

// regex of a cluster's issuer or a provider's ARN is followed when the
// pattern cuts the issuer's ID (or the issuer without its scheme) out of
// every one EKS and IAM give; a pattern with capture groups, one naming a
// region, or another value is not.
func TestRegexIssuerPart(t *testing.T) {
	e := &FuncEnv{h: Holes{lint.NewHoles(), nil}}
	issuer := e.h.val(lint.HoleRef{Object: "aws_eks_cluster.main", Path: "identity[0].oidc[0].issuer"})
	arn := e.h.val(lint.HoleRef{Object: "aws_iam_openid_connect_provider.eks", Path: "arn"})
	role := e.h.val(lint.HoleRef{Object: "aws_iam_role.r", Path: "arn"})
	for _, c := range []struct {
		pattern string
		of      cty.Value
		want    string // the origin's object, "" when not followed
	}{
		{"[A-F0-9]{32}$", issuer, "aws_eks_cluster.main"},
		{"[0-9A-F]+$", arn, "aws_iam_openid_connect_provider.eks"},
		{"oidc\\.eks\\..*", issuer, "aws_eks_cluster.main"},
		{"id/([A-F0-9]{32})", issuer, ""},
		{"eu-west-1.*", issuer, ""},
		{"[A-F0-9]{8}$", issuer, ""},
		{"[A-F0-9]{32}$", role, ""},
	} {
		v, ok := e.regexIssuerPart([]cty.Value{cty.StringVal(c.pattern), c.of})
		if c.want == "" {
			if ok {
				t.Errorf("regex(%q) followed", c.pattern)
			}
			continue
		}
		if !ok {
			t.Errorf("regex(%q) not followed", c.pattern)
			continue
		}
		if o, ok := e.h.decode(v.AsString()).SoleOrigin(); !ok || o.Object != c.want {
			t.Errorf("regex(%q) origin %+v, %v; want %s", c.pattern, o, ok, c.want)
		}
	}
}
