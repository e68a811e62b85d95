package helm

import (
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// A value inside a list item is placed where it is written, not at the
// list: an app-of-apps chart renders an Application per item, and a
// destination namespace it takes from the item points at the item's key.
func TestRecordRangesPlacesListItems(t *testing.T) {
	var doc yaml.Node
	src := "apps:\n  - name: ingress\n    namespace: edge\n  - plain\n"
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		t.Fatal(err)
	}
	r := &lint.Release{ValueRanges: map[string]lint.Range{}}
	recordRanges(r, doc.Content[0], "", filePos("apps.yaml"))
	for key, line := range map[string]int{"apps": 2, "apps[0].name": 2, "apps[0].namespace": 3, "apps[1]": 4} {
		got, ok := rangeFor(r.ValueRanges, key)
		if !ok || got.Line != line {
			t.Errorf("%s at %v (%v), want line %d", key, got, ok, line)
		}
	}
	if got := r.ValueRanges["apps[0].namespace"]; got.Column != 16 {
		t.Errorf("apps[0].namespace at column %d, want 16 (the value)", got.Column)
	}
}
