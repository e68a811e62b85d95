package helm

import (
	"testing"

	"go.yaml.in/yaml/v3"
)

// Of several ConfigMaps of one name and namespace (one per cluster
// directory), a HelmRelease reads the one nearest its own file; two as
// near are ambiguous, unless they hold the same data (one generator's
// ConfigMap built by two cluster overlays); one alone is read wherever it
// is.
func TestFindConfigMapNearest(t *testing.T) {
	at := func(p string) *yamlFile { return &yamlFile{abs: p} }
	doc := func(s string) *yaml.Node {
		var n yaml.Node
		if err := yaml.Unmarshal([]byte(s), &n); err != nil {
			t.Fatal(err)
		}
		return n.Content[0]
	}
	alike := "data:\n  values.yaml: |\n    serviceAccount:\n      name: dns\n"
	cms := []configMap{
		{kind: "ConfigMap", name: "web-values", namespace: "flux-system", file: at("/r/clusters/one/app/generated.yaml")},
		{kind: "ConfigMap", name: "web-values", namespace: "flux-system", file: at("/r/clusters/two/app/values.yaml")},
		{kind: "ConfigMap", name: "web-values", namespace: "flux-system", file: at("/r/shared/a/cm.yaml")},
		{kind: "ConfigMap", name: "web-values", namespace: "flux-system", file: at("/r/shared/b/cm.yaml")},
		{kind: "ConfigMap", name: "api-values", namespace: "apps", file: at("/r/elsewhere/cm.yaml")},
		{kind: "ConfigMap", name: "dns-values", namespace: "dns", file: at("/r/clusters/east/build.yaml"), node: doc(alike)},
		{kind: "ConfigMap", name: "dns-values", namespace: "dns", file: at("/r/clusters/west/build.yaml"), node: doc(alike)},
		{kind: "ConfigMap", name: "lb-values", namespace: "lb", file: at("/r/clusters/east/build.yaml"), node: doc(alike)},
		{kind: "ConfigMap", name: "lb-values", namespace: "lb", file: at("/r/clusters/west/build.yaml"), node: doc("data:\n  values.yaml: |\n    replicas: 2\n")},
	}
	for _, tc := range []struct {
		name, ns, from, want string
		several              bool
	}{
		{"web-values", "flux-system", "/r/clusters/two/app/release.yaml", "/r/clusters/two/app/values.yaml", false},
		{"web-values", "flux-system", "/r/clusters/one/app/release.yaml", "/r/clusters/one/app/generated.yaml", false},
		{"web-values", "flux-system", "/r/shared/release.yaml", "", true},
		{"api-values", "apps", "/r/clusters/one/app/release.yaml", "/r/elsewhere/cm.yaml", false},
		{"dns-values", "dns", "/r/apps/dns/release.yaml", "/r/clusters/east/build.yaml", false},
		{"lb-values", "lb", "/r/apps/lb/release.yaml", "", true},
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
