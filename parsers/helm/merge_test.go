package helm

import (
	"testing"

	"go.yaml.in/yaml/v3"
)

// A key is looked up as YAML 1.1 merges: written in the mapping, else in
// what its merge key brings in (of a list of mappings, the first holding
// it); a quoted "<<" is an ordinary key.
func TestGetFollowsMergeKeys(t *testing.T) {
	const doc = `
base: &base
  namespace: base-ns
  chart: base-chart
extra: &extra
  chart: extra-chart
  version: 1.2.3
one:
  namespace: own-ns
  <<: *base
many:
  <<: [*extra, *base]
quoted:
  "<<": *base
`
	var root yaml.Node
	if err := yaml.Unmarshal([]byte(doc), &root); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path []string
		want string
	}{
		{[]string{"one", "namespace"}, "own-ns"},   // written wins over merged
		{[]string{"one", "chart"}, "base-chart"},   // merged in
		{[]string{"many", "chart"}, "extra-chart"}, // first of the list
		{[]string{"many", "namespace"}, "base-ns"}, // only in the second
		{[]string{"many", "version"}, "1.2.3"},
		{[]string{"quoted", "chart"}, ""}, // no merge
	} {
		if got := str(at(root.Content[0], tc.path...)); got != tc.want {
			t.Errorf("%v = %q, want %q", tc.path, got, tc.want)
		}
	}
}
