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

// TestTableHasIsTheTablesValues checks tableHas against the values
// instancetypes.Labels gives across the whole table: every value of every
// key is had, and values no instance type has (another key's value, a
// value of no key, a key no instance type decides) are not.
func TestTableHasIsTheTablesValues(t *testing.T) {
	had := map[string]map[string]bool{}
	for _, info := range instancetypes.All() {
		for k, v := range instancetypes.Labels(info) {
			if had[k] == nil {
				had[k] = map[string]bool{}
			}
			had[k][v] = true
		}
	}
	for k, vs := range had {
		for v := range vs {
			if !tableHas(k, v) {
				t.Errorf("tableHas(%q, %q) = false; %s has it", k, v, k)
			}
		}
	}
	for _, tc := range []struct{ key, value string }{
		{LabelInstanceType, "m5"},
		{LabelInstanceType, "m5.huge"},
		{instancetypes.LabelInstanceFamily, "m5.large"},
		{instancetypes.LabelInstanceFamily, "m99"},
		{instancetypes.LabelInstanceCategory, "m5"},
		{LabelArch, "riscv64"},
		{LabelOS, "windows"},
		{LabelZone, "eu-west-1a"},
		{"example.com/team", "m5"},
	} {
		if had[tc.key][tc.value] {
			t.Fatalf("the table has %s=%s: pick another value", tc.key, tc.value)
		}
		if tableHas(tc.key, tc.value) {
			t.Errorf("tableHas(%q, %q) = true; no instance type has it", tc.key, tc.value)
		}
	}
}
