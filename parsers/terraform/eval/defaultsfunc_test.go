package eval

import (
	"testing"

	"github.com/zclconf/go-cty/cty"
)

// defaults() fills the nulls of its input from the fallback: an object's
// own attributes only, each element of a map or list with the whole
// fallback; a set value is kept; a fallback that does not fit gives an
// unknown, and a primitive input is refused.
func TestDefaultsFunc(t *testing.T) {
	groups := cty.MapVal(map[string]cty.Value{
		"a": cty.ObjectVal(map[string]cty.Value{"profile": cty.NullVal(cty.String), "size": cty.NumberIntVal(2)}),
		"b": cty.ObjectVal(map[string]cty.Value{"profile": cty.StringVal("gpu"), "size": cty.NullVal(cty.Number)}),
	})
	fb := cty.ObjectVal(map[string]cty.Value{"profile": cty.StringVal("nodes"), "size": cty.StringVal("3"), "extra": cty.True})
	got, err := defaultsFunc.Call([]cty.Value{groups, fb})
	if err != nil {
		t.Fatal(err)
	}
	want := cty.MapVal(map[string]cty.Value{
		"a": cty.ObjectVal(map[string]cty.Value{"profile": cty.StringVal("nodes"), "size": cty.NumberIntVal(2)}),
		"b": cty.ObjectVal(map[string]cty.Value{"profile": cty.StringVal("gpu"), "size": cty.NumberIntVal(3)}),
	})
	if !got.RawEquals(want) {
		t.Errorf("defaults = %#v, want %#v", got, want)
	}
	list := cty.ListVal([]cty.Value{cty.ObjectVal(map[string]cty.Value{"profile": cty.NullVal(cty.String)})})
	if got, _ := defaultsFunc.Call([]cty.Value{list, fb}); !got.Index(cty.NumberIntVal(0)).GetAttr("profile").RawEquals(cty.StringVal("nodes")) {
		t.Errorf("list element = %#v", got)
	}
	odd := cty.ObjectVal(map[string]cty.Value{"size": cty.ObjectVal(map[string]cty.Value{"x": cty.StringVal("y")})})
	if got, _ := defaultsFunc.Call([]cty.Value{cty.ObjectVal(map[string]cty.Value{"size": cty.NullVal(cty.Number)}), odd}); got.IsKnown() {
		t.Errorf("a fallback that does not fit = %#v, want unknown", got)
	}
	if _, err := defaultsFunc.Call([]cty.Value{cty.StringVal("x"), fb}); err == nil {
		t.Error("a primitive input is accepted")
	}
}
