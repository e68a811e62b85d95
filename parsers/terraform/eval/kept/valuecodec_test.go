package kept_test

import (
	"testing"

	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
	"github.com/zclconf/go-cty/cty"
)

// TestValueDecoder decodes values of two types, each twice, with one
// decoder (the second of each type from the type it decoded first) and
// wants each back as EncodeValue was given it, unknowns included.
func TestValueDecoder(t *testing.T) {
	obj := func(name string, port cty.Value) cty.Value {
		return cty.ObjectVal(map[string]cty.Value{"name": cty.StringVal(name), "port": port})
	}
	values := []cty.Value{
		obj("a", cty.NumberIntVal(80)),
		cty.ListVal([]cty.Value{cty.StringVal("x"), cty.UnknownVal(cty.String)}),
		obj("b", cty.UnknownVal(cty.Number)),
		cty.ListVal([]cty.Value{cty.StringVal("y")}),
		cty.MapVal(map[string]cty.Value{"k": cty.True}),
	}
	var d kept.ValueDecoder
	for _, v := range values {
		data, err := kept.EncodeValue(v)
		if err != nil {
			t.Fatal(err)
		}
		got, err := d.Decode(data)
		if err != nil {
			t.Fatalf("%#v: %v", v, err)
		}
		if !got.RawEquals(v) {
			t.Errorf("decoded %#v, want %#v", got, v)
		}
		if _, err := d.Decode(data[:len(data)-1]); err == nil {
			t.Errorf("%#v: a truncated encoding decodes", v)
		}
	}
}
