package tffuncs_test

import (
	"testing"

	"github.com/faultline-dev/faultline/parsers/terraform/eval/tffuncs"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

// TestWhereTerraformDiffers calls each function where Terraform's result
// differs from go-cty's stdlib function of the same name, and wants
// Terraform's answer (as terraform console gives it): a value, or an
// error where Terraform fails.
func TestWhereTerraformDiffers(t *testing.T) {
	strs := func(ss ...string) cty.Value {
		var vs []cty.Value
		for _, s := range ss {
			vs = append(vs, cty.StringVal(s))
		}
		return cty.ListVal(vs)
	}
	cases := []struct {
		name string
		f    function.Function
		args []cty.Value
		want cty.Value // cty.NilVal: an error
	}{
		{"length counts grapheme clusters", tffuncs.LengthFunc, []cty.Value{cty.StringVal("e\u0301x")}, cty.NumberIntVal(2)},
		{"length of a tuple", tffuncs.LengthFunc, []cty.Value{cty.TupleVal([]cty.Value{cty.True, cty.StringVal("a")})}, cty.NumberIntVal(2)},
		{"index finds the position", tffuncs.IndexFunc, []cty.Value{strs("a", "b"), cty.StringVal("b")}, cty.NumberIntVal(1)},
		{"index of a missing item fails", tffuncs.IndexFunc, []cty.Value{strs("a"), cty.StringVal("b")}, cty.NilVal},
		{"element with a negative index fails", tffuncs.ElementFunc(), []cty.Value{strs("a", "b"), cty.NumberIntVal(-1)}, cty.NilVal},
		{"element wraps around", tffuncs.ElementFunc(), []cty.Value{strs("a", "b"), cty.NumberIntVal(3)}, cty.StringVal("b")},
		{"sum of an empty list fails", tffuncs.SumFunc, []cty.Value{cty.ListValEmpty(cty.Number)}, cty.NilVal},
		{"alltrue with a null element is false", tffuncs.AllTrueFunc, []cty.Value{cty.ListVal([]cty.Value{cty.True, cty.NullVal(cty.Bool)})}, cty.False},
		{"anytrue with a null element", tffuncs.AnyTrueFunc, []cty.Value{cty.ListVal([]cty.Value{cty.NullVal(cty.Bool), cty.True})}, cty.True},
		{"cidrnetmask of IPv6 fails", tffuncs.NetmaskFunc, []cty.Value{cty.StringVal("2001:db8::/32")}, cty.NilVal},
		{"cidrnetmask of IPv4", tffuncs.NetmaskFunc, []cty.Value{cty.StringVal("10.0.0.0/16")}, cty.StringVal("255.255.0.0")},
		{"timecmp before", tffuncs.TimeCmpFunc, []cty.Value{cty.StringVal("2017-11-22T00:00:00Z"), cty.StringVal("2017-11-22T01:00:00Z")}, cty.NumberIntVal(-1)},
		{"base64sha256", tffuncs.Base64SHA256Func, []cty.Value{cty.StringVal("hello world")}, cty.StringVal("uU0nuZNNPgilLlLX2n2r+sSE7+N6U4DukIj3rOLvzek=")},
		{"textencodebase64 UTF-16LE", tffuncs.TextCodecFunc(true), []cty.Value{cty.StringVal("Hi"), cty.StringVal("UTF-16LE")}, cty.StringVal("SABpAA==")},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.f.Call(tc.args)
			if tc.want == cty.NilVal {
				if err == nil {
					t.Fatalf("got %#v, want an error", got)
				}
				return
			}
			if err != nil {
				t.Fatalf("error %v, want %#v", err, tc.want)
			}
			if !got.RawEquals(tc.want) {
				t.Fatalf("got %#v, want %#v", got, tc.want)
			}
		})
	}
}

func TestElementAt(t *testing.T) {
	list := cty.ListVal([]cty.Value{cty.StringVal("a"), cty.StringVal("b"), cty.StringVal("c")})
	tuple := cty.TupleVal([]cty.Value{cty.StringVal("a"), cty.NumberIntVal(1), cty.True})
	for _, c := range []struct {
		name        string
		list, index cty.Value
		want        cty.Value // cty.NilVal: left to the function
	}{
		{"list", list, cty.NumberIntVal(1), cty.StringVal("b")},
		{"index wraps", list, cty.NumberIntVal(5), cty.StringVal("c")},
		{"tuple", tuple, cty.NumberIntVal(2), cty.True},
		{"negative", list, cty.NumberIntVal(-1), cty.NilVal},
		{"fraction", list, cty.NumberFloatVal(1.5), cty.NilVal},
		{"empty", cty.ListValEmpty(cty.String), cty.NumberIntVal(0), cty.NilVal},
		{"unknown list", cty.UnknownVal(cty.List(cty.String)), cty.NumberIntVal(0), cty.NilVal},
		{"unknown index", list, cty.UnknownVal(cty.Number), cty.NilVal},
		{"string index", list, cty.StringVal("1"), cty.NilVal},
		{"marked list", list.Mark("sensitive"), cty.NumberIntVal(0), cty.NilVal},
		{"set", cty.SetVal([]cty.Value{cty.StringVal("a")}), cty.NumberIntVal(0), cty.NilVal},
	} {
		got, ok := tffuncs.ElementAt(c.list, c.index)
		if c.want == cty.NilVal {
			if ok {
				t.Errorf("%s: picked %#v, want it left to the function", c.name, got)
			}
			continue
		}
		if !ok || !got.RawEquals(c.want) {
			t.Errorf("%s: %#v, %v; want %#v", c.name, got, ok, c.want)
			continue
		}
		// The function gives the same element.
		if v, err := tffuncs.ElementFunc().Call([]cty.Value{c.list, c.index}); err != nil || !v.RawEquals(got) {
			t.Errorf("%s: the function gives %#v, %v", c.name, v, err)
		}
	}
}
