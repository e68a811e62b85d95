package kept

import (
	"bytes"
	"testing"

	"github.com/zclconf/go-cty/cty"
)

// typeCorpus holds every kind of type a kept value may have.
var typeCorpus = []cty.Type{
	cty.String, cty.Number, cty.Bool, cty.DynamicPseudoType,
	cty.List(cty.String), cty.Set(cty.Number), cty.Map(cty.Bool),
	cty.EmptyObject, cty.EmptyTuple,
	cty.Object(map[string]cty.Type{"name": cty.String, "arn": cty.String, "tags": cty.Map(cty.String)}),
	cty.ObjectWithOptionalAttrs(map[string]cty.Type{"a": cty.String, "b": cty.List(cty.Number)}, []string{"b"}),
	cty.Tuple([]cty.Type{cty.String, cty.Object(map[string]cty.Type{"x": cty.Set(cty.DynamicPseudoType)}), cty.EmptyTuple}),
	cty.Map(cty.Object(map[string]cty.Type{"node_groups": cty.List(cty.Tuple([]cty.Type{cty.Number, cty.Map(cty.List(cty.String))}))})),
}

// Every type reads back equal, and nothing follows it.
func TestTypeRoundTrip(t *testing.T) {
	for _, ty := range typeCorpus {
		data, err := appendType(nil, ty)
		if err != nil {
			t.Fatalf("%s: %v", ty.GoString(), err)
		}
		got, rest, err := readType(data, 0)
		if err != nil || len(rest) != 0 || !got.Equals(ty) {
			t.Errorf("%s read back as %s (rest %d, %v)", ty.GoString(), got.GoString(), len(rest), err)
		}
	}
}

// An object type is written the same whatever order its attributes were
// given in: encoded values are digested.
func TestTypeDeterministic(t *testing.T) {
	names := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	var first []byte
	for i := range 20 {
		attrs := map[string]cty.Type{}
		for j := range names {
			n := names[(i+j)%len(names)]
			attrs[n] = cty.String
		}
		data, err := appendType(nil, cty.Object(attrs))
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = data
		} else if !bytes.Equal(data, first) {
			t.Fatal("one object type written two ways")
		}
	}
}

// A capsule type is refused; every truncation of every type is refused,
// and so is a type nested beyond the bound, without a panic.
func TestTypeRefused(t *testing.T) {
	if _, err := appendType(nil, cty.Capsule("thing", nil)); err == nil {
		t.Error("a capsule type was written")
	}
	for _, ty := range typeCorpus {
		data, _ := appendType(nil, ty)
		for n := range len(data) {
			if _, rest, err := readType(data[:n], 0); err == nil && len(rest) == 0 && n < len(data) {
				t.Errorf("%s: a truncation to %d of %d bytes read", ty.GoString(), n, len(data))
			}
		}
	}
	deep := bytes.Repeat([]byte{tyList}, maxTypeDepth+2)
	if _, _, err := readType(append(deep, tyString), 0); err == nil {
		t.Error("a type nested beyond the bound was read")
	}
	dup := []byte{tyObject, 2, 1, 'a', tyString, 1, 'a', tyString, 0}
	if _, _, err := readType(dup, 0); err == nil {
		t.Error("an object naming one attribute twice was read")
	}
}
