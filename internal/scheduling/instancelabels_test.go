package scheduling

import (
	"maps"
	"testing"

	"github.com/faultline-dev/faultline/internal/instancetypes"
)

// TestInstanceLabelsAreTheTablesLabels checks the slot form against the
// map form for every instance type of the table: the same keys, the same
// values, and a key the instance lacks (or no label at all) absent.
func TestInstanceLabelsAreTheTablesLabels(t *testing.T) {
	if n := len(instancetypes.LabelKeys); n > len(instanceLabels{}.vals) {
		t.Fatalf("%d label keys, %d slots", n, len(instanceLabels{}.vals))
	}
	for _, info := range instancetypes.All() {
		want := instancetypes.Labels(info)
		l := labelsOf(info)
		got := map[string]string{}
		l.each(func(k, v string) { got[k] = v })
		if !maps.Equal(got, want) {
			t.Fatalf("%s: each gives %v, Labels %v", info.Name, got, want)
		}
		for _, k := range append(instancetypes.LabelKeys, "example.com/team", LabelZone) {
			wv, wok := want[k]
			if v, ok := l.get(k); v != wv || ok != wok {
				t.Fatalf("%s: get(%q) = %q, %v; Labels has %q, %v", info.Name, k, v, ok, wv, wok)
			}
			if v := l.value(k); v != wv {
				t.Fatalf("%s: value(%q) = %q, want %q", info.Name, k, v, wv)
			}
		}
	}
}
