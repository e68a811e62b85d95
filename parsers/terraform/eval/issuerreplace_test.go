package eval

import (
	"testing"

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
