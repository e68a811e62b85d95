package eval

import (
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// TestHolesAsUnknown: a hole where a variable's type wants a list, an
// object or a number becomes an unknown of that type, so the rest of the
// value (a node group's name, the for_each key) stays known; a hole where
// a string is wanted stays the hole it is.
func TestHolesAsUnknown(t *testing.T) {
	h := lint.NewHoles()
	ids := cty.StringVal(h.Sentinel(lint.HoleRef{Object: "data.aws_subnets.workers", Path: "ids"}))
	arn := cty.StringVal(h.Sentinel(lint.HoleRef{Object: "aws_iam_role.workers", Path: "arn"}))
	ty := cty.List(cty.Object(map[string]cty.Type{"name": cty.String, "role_arn": cty.String, "subnet_ids": cty.List(cty.String), "size": cty.Number}))
	v := cty.TupleVal([]cty.Value{cty.ObjectVal(map[string]cty.Value{"name": cty.StringVal("general"), "role_arn": arn, "subnet_ids": ids, "size": ids, "extra": ids})})
	if _, err := convert.Convert(v, ty); err == nil {
		t.Fatal("the hole converts as it is: the test proves nothing")
	}
	got, err := convert.Convert(holesAsUnknown(v, ty), ty)
	if err != nil {
		t.Fatal(err)
	}
	g := got.Index(cty.NumberIntVal(0))
	if g.GetAttr("name").AsString() != "general" || !g.GetAttr("role_arn").RawEquals(arn) {
		t.Errorf("known parts changed: %#v", g)
	}
	if g.GetAttr("subnet_ids").IsKnown() || !g.GetAttr("subnet_ids").Type().Equals(cty.List(cty.String)) || g.GetAttr("size").IsKnown() {
		t.Errorf("holes not unknown of their type: %#v", g)
	}
	// A map of lists, and a tuple type.
	m := cty.ObjectVal(map[string]cty.Value{"a": ids, "b": cty.TupleVal([]cty.Value{cty.StringVal("x")})})
	if got, err := convert.Convert(holesAsUnknown(m, cty.Map(cty.List(cty.String))), cty.Map(cty.List(cty.String))); err != nil || got.Index(cty.StringVal("a")).IsKnown() {
		t.Errorf("map: %#v %v", got, err)
	}
	tt := cty.Tuple([]cty.Type{cty.String, cty.Number})
	if got, err := convert.Convert(holesAsUnknown(cty.TupleVal([]cty.Value{ids, ids}), tt), tt); err != nil || !got.Index(cty.NumberIntVal(0)).RawEquals(ids) || got.Index(cty.NumberIntVal(1)).IsKnown() {
		t.Errorf("tuple: %#v %v", got, err)
	}
}
