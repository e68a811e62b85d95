package extract

import (
	"reflect"
	"testing"
)

// A set value is typed as Helm's --set types it; what strvals refuses,
// and a value holding a hole, stays a string.
func TestTypedSetValue(t *testing.T) {
	for in, want := range map[string]any{
		"{a,b}": []any{"a", "b"},
		"3":     int64(3),
		"true":  true,
		"null":  nil,
		"plain": "plain",
		"a,b":   "a,b",
		"0755":  "0755",
		"":      "",
	} {
		if got := typedSetValue(in); !reflect.DeepEqual(got, want) {
			t.Errorf("%q: %#v, want %#v", in, got, want)
		}
	}
}
