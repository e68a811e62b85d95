package lint

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func TestChartReadsReadsKey(t *testing.T) {
	cr := &ChartReads{
		Reads: []ValueRead{
			{Path: []string{"tolerations"}, Whole: true},
			{Path: []string{"settings", "clusterName"}},
			{Path: []string{"ports", "*", "number"}},
		},
		Passed: []string{"redis", "global"},
	}
	for key, want := range map[string]bool{
		"tolerations":                true,
		"tolerations.*.key":          true,
		"settings.clusterName":       true,
		"settings":                   true, // a map set whole, read beneath
		"settings.aws.clusterName":   false,
		"settings.clusterName.extra": true, // only tested: a key set there makes it non-empty
		"settings.aws":               false,
		"ports.*.number":             true,
		"ports.*.name":               false,
		"redis.auth.password":        true,
		"global.registry":            true,
		"replicas":                   false,
	} {
		if got := cr.ReadsKey(strings.Split(key, ".")); got != want {
			t.Errorf("%s: read %v, want %v", key, got, want)
		}
	}
	var unknown *ChartReads
	if !unknown.ReadsKey([]string{"x"}) {
		t.Error("unknown reads must count every key as read")
	}
	if !(&ChartReads{Reads: []ValueRead{{Whole: true}}}).ReadsKey([]string{"x", "y"}) {
		t.Error("a whole read of the root reads every key")
	}
}

func TestValueKeys(t *testing.T) {
	values := map[string]any{
		"replicas":       int64(2),
		"tolerations[0]": map[string]any{"key": "x"},
		"settings":       map[string]any{"aws": map[string]any{"clusterName": "a"}, "empty": map[string]any{}},
		"list":           []any{"a"},
	}
	var got []string
	for _, k := range ValueKeys(values) {
		got = append(got, k.Key+"="+strings.Join(k.Path, "/"))
	}
	want := "list=list replicas=replicas settings.aws.clusterName=settings/aws/clusterName settings.empty=settings/empty tolerations[0].key=tolerations/*/key"
	if strings.Join(got, " ") != want {
		t.Errorf("got %s\nwant %s", strings.Join(got, " "), want)
	}
}

// A key whose name holds a value not known before apply is listed as the
// map that holds it, once, and never at the top.
func TestValueKeysUnnamed(t *testing.T) {
	h := NewHoles()
	name := h.Sentinel(HoleRef{Object: "var.team"})
	got := ValueKeys(map[string]any{
		"labels": map[string]any{"team/" + name: "on", "x-" + name: "on", "tier": "web"},
		name:     "top",
	})
	var keys []string
	for _, k := range got {
		keys = append(keys, fmt.Sprintf("%s unnamed=%v", k.Key, k.Unnamed))
	}
	want := []string{"labels unnamed=true", "labels.tier unnamed=false"}
	if !reflect.DeepEqual(keys, want) {
		t.Errorf("ValueKeys = %v, want %v", keys, want)
	}
}
