package engine

import (
	"path"
	"slices"
	"strings"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/kube"
)

// crossplaneCharts are the charts that install Crossplane, by name:
// Crossplane's own (charts.crossplane.io) and Upbound's distribution of
// it.
var crossplaneCharts = map[string]bool{"crossplane": true, "universal-crossplane": true}

// placeCrossplaneAccounts puts the service accounts Crossplane makes for
// its packages (taken to be in crossplane-system, its default,
// kube.InferredCrossplaneNamespace) into the namespace the tree installs
// Crossplane in, when it does: Crossplane runs its packages in its own
// namespace. The release must be the only Crossplane release the tree
// declares for the account's scope, with a known namespace; the account
// is then placed at the release's namespace, no longer inferred. The
// accounts are replaced by copies (the per-unit cache may keep the
// originals).
func placeCrossplaneAccounts(m *lint.Model) {
	var releases []*lint.Release
	for _, r := range m.Releases {
		if crossplaneCharts[chartBase(r.Chart)] {
			releases = append(releases, r)
		}
	}
	if len(releases) == 0 {
		return
	}
	for i, sa := range m.ServiceAccounts {
		if !slices.Contains(sa.Inferred, kube.InferredCrossplaneNamespace) {
			continue
		}
		r := crossplaneRelease(releases, sa.Scope)
		if r == nil {
			continue
		}
		ns, _ := r.Namespace.Str()
		placed := *sa
		placed.Namespace, placed.NamespaceRange = r.Namespace, r.NamespaceRange
		if placed.NamespaceRange.IsZero() {
			placed.NamespaceRange = r.Range
		}
		placed.Inferred = slices.DeleteFunc(slices.Clone(sa.Inferred), func(s string) bool { return s == kube.InferredCrossplaneNamespace })
		placed.Aliases = nil
		if name, ok := sa.Name.Str(); ok {
			placed.Aliases = []string{lint.KubeKey("", "ServiceAccount", ns, name)}
		}
		placed.Label = strings.Replace(sa.Label, "service account crossplane-system/", "service account "+ns+"/", 1)
		m.ServiceAccounts[i] = &placed
	}
}

// crossplaneRelease is the one Crossplane release of scope with a known
// namespace, nil when there is none, or several in different namespaces.
func crossplaneRelease(releases []*lint.Release, scope lint.Scope) *lint.Release {
	var found *lint.Release
	for _, r := range releases {
		if !r.Scope.Compatible(scope, true, true) {
			continue
		}
		ns, ok := r.Namespace.Str()
		if !ok || ns == "" {
			return nil
		}
		if found != nil {
			if prev, _ := found.Namespace.Str(); prev != ns {
				return nil
			}
			continue
		}
		found = r
	}
	return found
}

// chartBase is a chart reference's name ("crossplane-stable/crossplane",
// "oci://xpkg.upbound.io/upbound/universal-crossplane:1.17" → the last
// path element, without a tag).
func chartBase(ref string) string {
	name := path.Base(strings.TrimSuffix(ref, "/"))
	if i := strings.LastIndexByte(name, ':'); i > 0 {
		name = name[:i]
	}
	return name
}
