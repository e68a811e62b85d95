package helm

import "testing"

// Of several ConfigMaps of one name and namespace (one per cluster
// directory), a HelmRelease reads the one nearest its own file; two as
// near are ambiguous; one alone is read wherever it is.
func TestFindConfigMapNearest(t *testing.T) {
	at := func(p string) *yamlFile { return &yamlFile{abs: p} }
	cms := []configMap{
		{kind: "ConfigMap", name: "web-values", namespace: "flux-system", file: at("/r/clusters/one/app/generated.yaml")},
		{kind: "ConfigMap", name: "web-values", namespace: "flux-system", file: at("/r/clusters/two/app/values.yaml")},
		{kind: "ConfigMap", name: "web-values", namespace: "flux-system", file: at("/r/shared/a/cm.yaml")},
		{kind: "ConfigMap", name: "web-values", namespace: "flux-system", file: at("/r/shared/b/cm.yaml")},
		{kind: "ConfigMap", name: "api-values", namespace: "apps", file: at("/r/elsewhere/cm.yaml")},
	}
	for _, tc := range []struct {
		name, ns, from, want string
		several              bool
	}{
		{"web-values", "flux-system", "/r/clusters/two/app/release.yaml", "/r/clusters/two/app/values.yaml", false},
		{"web-values", "flux-system", "/r/clusters/one/app/release.yaml", "/r/clusters/one/app/generated.yaml", false},
		{"web-values", "flux-system", "/r/shared/release.yaml", "", true},
		{"api-values", "apps", "/r/clusters/one/app/release.yaml", "/r/elsewhere/cm.yaml", false},
	} {
		got, several := findConfigMap(cms, "ConfigMap", tc.name, tc.ns, tc.from)
		file := ""
		if got != nil {
			file = got.file.abs
		}
		if file != tc.want || several != tc.several {
			t.Errorf("%s from %s: %q, several %v; want %q, %v", tc.name, tc.from, file, several, tc.want, tc.several)
		}
	}
}
