package kube

import (
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// TestEksctlOIDCProvider: iam.withOIDC: true declares the cluster's
// provider at the switch, for the issuer the IRSA trusts name, retained
// (eksctl deletes it only with the cluster); false or absent declares
// none, a placeholder one inferred.
func TestEksctlOIDCProvider(t *testing.T) {
	es, diags := parseEksctl(t, eksctlIRSA, lint.Scope{})
	if len(diags) != 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	p, ok := es["iam/withOIDC"].(*lint.OIDCProvider)
	if !ok {
		t.Fatalf("no provider: %v", es["iam/withOIDC"])
	}
	at(t, "provider", p.Range, 7, 13)
	if !p.Retained || p.Data || p.Kind != lint.KindOIDCProvider || len(p.Inferred) != 0 {
		t.Errorf("provider %+v", p.Object)
	}
	m := &lint.Model{}
	for _, e := range es {
		m.Add(e)
	}
	role := es["iam.serviceAccounts/karpenter/karpenter/role"].(*lint.Role)
	if l := m.TrustNames(role.Trust.WebIdentities()[0], p); l.Names != lint.Yes || l.Via != "" {
		t.Errorf("the IRSA role's trust names the provider: %+v", l)
	}
	if iss := p.Issuer(); iss.EKS != lint.Yes || !strings.HasPrefix(iss.Bare.Prefix(), "oidc.eks.sa-east-1.") || p.Name.String() != iss.Bare.String() {
		t.Errorf("issuer %s (EKS %v), name %s", iss.Bare, iss.EKS, p.Name)
	}
	for src, want := range map[string]int{
		strings.Replace(eksctlIRSA, "withOIDC: true", "withOIDC: false", 1):        0,
		strings.Replace(eksctlIRSA, "  withOIDC: true\n", "", 1):                   0,
		strings.Replace(eksctlIRSA, "withOIDC: true", "withOIDC: ${OIDC}", 1):      1,
		strings.Replace(eksctlIRSA, "withOIDC: true", `withOIDC: "true"`, 1):       1,
		strings.Replace(eksctlIRSA, "withOIDC: true", "withOIDC: {enabled: 1}", 1): 1,
	} {
		es, _ := parseEksctl(t, src, lint.Scope{})
		got := 0
		for _, e := range es {
			if _, ok := e.(*lint.OIDCProvider); ok {
				got++
			}
		}
		if got != want {
			t.Errorf("%d providers, want %d, in\n%s", got, want, src)
		}
	}
}

// TestCrossplaneOIDCProvider: OpenIDConnectProvider of both provider
// families is a provider for the issuer of forProvider.url, its deletion
// policy kept; its external name is its ARN.
func TestCrossplaneOIDCProvider(t *testing.T) {
	const issuer = "oidc.eks.eu-west-1.amazonaws.com/id/0123456789ABCDEF0123456789ABCDEF"
	for _, tc := range []struct{ apiVersion, extra string }{
		{"iam.aws.upbound.io/v1beta1", ""},
		{"iam.aws.crossplane.io/v1beta1", "  deletionPolicy: Orphan\n"},
	} {
		src := "apiVersion: " + tc.apiVersion + `
kind: OpenIDConnectProvider
metadata:
  name: prod-oidc
  annotations:
    crossplane.io/external-name: arn:aws:iam::111122223333:oidc-provider/` + issuer + `
spec:
` + tc.extra + `  forProvider:
    url: https://` + issuer + `
    clientIdList: [sts.amazonaws.com]
`
		es, diags := ParseFile("platform/oidc.yaml", []byte(src), lint.Scope{})
		if len(diags) != 0 || len(es) != 1 {
			t.Fatalf("%s: %d entities, diagnostics %v", tc.apiVersion, len(es), diags)
		}
		p, ok := es[0].(*lint.OIDCProvider)
		if !ok {
			t.Fatalf("%s: %T", tc.apiVersion, es[0])
		}
		if p.Name.String() != issuer || p.Issuer().EKS != lint.Yes || p.ARN.String() != "arn:aws:iam::111122223333:oidc-provider/"+issuer || p.Source != lint.SourceCrossplane {
			t.Errorf("%s: name %s, ARN %s, source %s", tc.apiVersion, p.Name, p.ARN, p.Source)
		}
		urlLine := 9 + strings.Count(tc.extra, "\n")
		if p.NameRange.Line != urlLine || p.Range.Line != 2 {
			t.Errorf("%s: range %s, name at %s", tc.apiVersion, p.Range, p.NameRange)
		}
		if orphan := tc.extra != ""; p.Crossplane.Orphans() != orphan {
			t.Errorf("%s: orphans %v, want %v", tc.apiVersion, p.Crossplane.Orphans(), orphan)
		}
	}
}
