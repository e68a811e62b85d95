package engine

import (
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/kube"
)

// Crossplane's accounts move to the namespace of the one Crossplane
// release of their scope; two releases in different namespaces, or one
// whose namespace is not known, leave them inferred in crossplane-system.
func TestPlaceCrossplaneAccounts(t *testing.T) {
	account := func() *lint.ServiceAccount {
		return &lint.ServiceAccount{
			Object:    lint.Object{Kind: lint.KindServiceAccount, Addr: "xp.yaml#1/Provider/p#serviceaccount", Name: lint.Known("crossplane-aws"), Label: "service account crossplane-system/crossplane-aws (DeploymentRuntimeConfig x)", Inferred: []string{kube.InferredCrossplaneNamespace}},
			Namespace: lint.Known("crossplane-system"),
		}
	}
	release := func(chart string, ns lint.Value) *lint.Release {
		return &lint.Release{Object: lint.Object{Kind: lint.KindRelease, Addr: "r:" + chart + ns.String()}, Chart: chart, Namespace: ns}
	}
	for _, c := range []struct {
		name     string
		releases []*lint.Release
		want     string
	}{
		{"one release", []*lint.Release{release("crossplane-stable/crossplane", lint.Known("crossplane"))}, "crossplane"},
		{"upbound's", []*lint.Release{release("oci://xpkg.upbound.io/upbound/universal-crossplane:1.17.1", lint.Known("upbound-system"))}, "upbound-system"},
		{"two namespaces", []*lint.Release{release("crossplane", lint.Known("a")), release("crossplane", lint.Known("b"))}, "crossplane-system"},
		{"namespace not known", []*lint.Release{release("crossplane", lint.Unknown())}, "crossplane-system"},
		{"another chart", []*lint.Release{release("crossplane-contrib/provider-aws", lint.Known("x"))}, "crossplane-system"},
	} {
		m := &lint.Model{}
		sa := account()
		m.Add(sa)
		for _, r := range c.releases {
			m.Add(r)
		}
		placeCrossplaneAccounts(m)
		got := m.ServiceAccounts[0]
		ns, _ := got.Namespace.Str()
		if ns != c.want {
			t.Errorf("%s: namespace %s, want %s", c.name, ns, c.want)
		}
		if moved := ns != "crossplane-system"; moved == (len(got.Inferred) == 1) || moved && (got.Label != "service account "+ns+"/crossplane-aws (DeploymentRuntimeConfig x)" || len(got.Aliases) != 1) {
			t.Errorf("%s: inferred %v, label %q, aliases %v", c.name, got.Inferred, got.Label, got.Aliases)
		}
		if sa.Namespace.String() != "crossplane-system" {
			t.Errorf("%s: the original account was changed", c.name)
		}
	}
}
