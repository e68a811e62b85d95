package helmset

import (
	"reflect"
	"testing"
)

// Each name is applied as `helm --set` applies it over the values a
// release already has: the want values were checked against Helm's own
// strvals.ParseInto with the value written in the name.
func TestSet(t *testing.T) {
	for _, c := range []struct {
		name   string
		before map[string]any
		set    string
		v      any
		want   map[string]any
	}{
		{"plain keys", map[string]any{"a": map[string]any{"x": 1}}, "a.b", "v",
			map[string]any{"a": map[string]any{"x": 1, "b": "v"}}},
		{"escaped dot", map[string]any{}, `serviceAccount.annotations.eks\.amazonaws\.com/role-arn`, "arn",
			map[string]any{"serviceAccount": map[string]any{"annotations": map[string]any{"eks.amazonaws.com/role-arn": "arn"}}}},
		{"list made", map[string]any{}, "tolerations[0].key", "boot",
			map[string]any{"tolerations": []any{map[string]any{"key": "boot"}}}},
		{"element merged", map[string]any{"tolerations": []any{map[string]any{"key": "boot"}}}, "tolerations[0].operator", "Exists",
			map[string]any{"tolerations": []any{map[string]any{"key": "boot", "operator": "Exists"}}}},
		{"later index pads", map[string]any{}, "args[1]", "--v=2",
			map[string]any{"args": []any{nil, "--v=2"}}},
		{"typed value kept", map[string]any{}, "replicas", 2,
			map[string]any{"replicas": 2}},
	} {
		got := c.before
		if !Set(got, c.set, c.v) {
			t.Errorf("%s: Set(%q) refused", c.name, c.set)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: Set(%q) = %#v, want %#v", c.name, c.set, got, c.want)
		}
	}
}

// A name strvals refuses leaves the values as they were.
func TestSetRefused(t *testing.T) {
	values := map[string]any{"a": "b"}
	if Set(values, "list[x].key", "v") {
		t.Errorf("Set accepted an index that is not a number: %#v", values)
	}
	if !reflect.DeepEqual(values, map[string]any{"a": "b"}) {
		t.Errorf("values changed by a refused name: %#v", values)
	}
}
