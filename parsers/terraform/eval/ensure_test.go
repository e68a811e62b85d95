package eval

import (
	"fmt"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// ensureReference is ensure as it was written before it learnt to leave
// unchanged values alone: every step rebuilds what it passes through.
func ensureReference(v cty.Value, steps hcl.Traversal, sofar string, leaf func(string) cty.Value) cty.Value {
	if len(steps) == 0 {
		if v == cty.NilVal || v.IsNull() || !v.IsKnown() {
			return leaf(sofar)
		}
		return v
	}
	step, rest := steps[0], steps[1:]
	var key string
	var idx int64 = -1
	switch s := step.(type) {
	case hcl.TraverseAttr:
		key = s.Name
	case hcl.TraverseIndex:
		switch {
		case !s.Key.IsKnown():
			return v
		case s.Key.Type() == cty.String:
			key = s.Key.AsString()
		case s.Key.Type() == cty.Number:
			idx, _ = s.Key.AsBigFloat().Int64()
		default:
			return v
		}
	default:
		return v
	}
	if idx >= 0 {
		path := fmt.Sprintf("%s[%d]", sofar, idx)
		// Holes for the elements before idx, as ensure makes them.
		upTo := func(elems []cty.Value) []cty.Value {
			for j := len(elems); int64(j) < idx; j++ {
				elems = append(elems, leaf(fmt.Sprintf("%s[%d]", sofar, j)))
			}
			return append(elems, ensureReference(cty.NilVal, rest, path, leaf))
		}
		if v == cty.NilVal || v.IsNull() || !v.IsKnown() {
			if idx > maxEnsuredIndex {
				return v
			}
			return cty.TupleVal(upTo(nil))
		}
		ty := v.Type()
		if !ty.IsTupleType() && !ty.IsListType() {
			return v
		}
		elems := v.AsValueSlice()
		if idx >= int64(len(elems)) {
			for j, x := range elems {
				if !x.RawEquals(leaf(fmt.Sprintf("%s[%d]", sofar, j))) || !ty.IsTupleType() || idx > maxEnsuredIndex {
					return v
				}
			}
			if !ty.IsTupleType() || idx > maxEnsuredIndex {
				return v
			}
			return cty.TupleVal(upTo(elems))
		}
		elems[idx] = ensureReference(elems[idx], rest, path, leaf)
		return cty.TupleVal(elems)
	}
	path := key
	if sofar != "" {
		path = sofar + "." + key
	}
	if v == cty.NilVal || v.IsNull() || !v.IsKnown() {
		return cty.ObjectVal(map[string]cty.Value{key: ensureReference(cty.NilVal, rest, path, leaf)})
	}
	ty := v.Type()
	if !ty.IsObjectType() && !ty.IsMapType() {
		return v
	}
	m := map[string]cty.Value{}
	for it := v.ElementIterator(); it.Next(); {
		k, x := it.Element()
		m[k.AsString()] = x
	}
	cur, ok := m[key]
	if !ok {
		cur = cty.NilVal
	}
	m[key] = ensureReference(cur, rest, path, leaf)
	return cty.ObjectVal(m)
}

// TestEnsureAllAsInTurn checks ensure and ensureAll against the reference
// applied path after path, on values of every shape and paths of every
// kind of step.
func TestEnsureAllAsInTurn(t *testing.T) {
	leaf := func(p string) cty.Value { return cty.StringVal("hole:" + p) }
	attr := func(n string) hcl.Traverser { return hcl.TraverseAttr{Name: n} }
	index := func(k cty.Value) hcl.Traverser { return hcl.TraverseIndex{Key: k} }
	values := map[string]cty.Value{
		"nil":     cty.NilVal,
		"null":    cty.NullVal(cty.DynamicPseudoType),
		"unknown": cty.DynamicVal,
		"empty":   cty.EmptyObjectVal,
		"object": cty.ObjectVal(map[string]cty.Value{
			"id":   cty.StringVal("i-1"),
			"tags": cty.MapVal(map[string]cty.Value{"Name": cty.StringVal("x")}),
			"list": cty.ListVal([]cty.Value{cty.StringVal("a"), cty.StringVal("b")}),
			"tup":  cty.TupleVal([]cty.Value{cty.EmptyObjectVal, cty.NullVal(cty.String)}),
			"nul":  cty.NullVal(cty.String),
			"unk":  cty.UnknownVal(cty.String),
			"obj":  cty.ObjectVal(map[string]cty.Value{"a": cty.True}),
		}),
		"map":   cty.MapVal(map[string]cty.Value{"a": cty.StringVal("1")}),
		"list":  cty.ListVal([]cty.Value{cty.EmptyObjectVal}),
		"tuple": cty.TupleVal([]cty.Value{cty.EmptyObjectVal, cty.StringVal("s")}),
		"str":   cty.StringVal("s"),
	}
	paths := []hcl.Traversal{
		{},
		{attr("id")},
		{attr("arn")},
		{attr("nul")},
		{attr("unk")},
		{attr("tags"), index(cty.StringVal("Name"))},
		{attr("tags"), index(cty.StringVal("Team"))},
		{attr("tags"), attr("Team")},
		{attr("list"), index(cty.NumberIntVal(0))},
		{attr("list"), index(cty.NumberIntVal(5))},
		{attr("tup"), index(cty.NumberIntVal(0)), attr("x")},
		{attr("tup"), index(cty.NumberIntVal(1))},
		{attr("obj"), attr("a")},
		{attr("obj"), attr("b"), attr("c")},
		{index(cty.NumberIntVal(0)), attr("id")},
		{index(cty.NumberIntVal(1))},
		{index(cty.NumberIntVal(-1))},
		{index(cty.StringVal("k")), attr("v")},
		{index(cty.UnknownVal(cty.String))},
		{index(cty.True)},
		{hcl.TraverseSplat{}},
		{attr("new"), index(cty.NumberIntVal(0)), index(cty.NumberIntVal(0))},
		{attr("names"), index(cty.NumberIntVal(2))},
		{attr("names"), index(cty.NumberIntVal(0))},
		{attr("names"), index(cty.NumberIntVal(3))},
		{attr("names"), index(cty.NumberIntVal(1)), attr("x")},
		{attr("list"), index(cty.NumberIntVal(64))},
		{attr("far"), index(cty.NumberIntVal(64))},
	}
	same := func(a, b cty.Value) bool {
		if a == cty.NilVal || b == cty.NilVal {
			return a == b
		}
		return a.RawEquals(b)
	}
	for name, v := range values {
		for i, p := range paths {
			if got, want := ensure(v, p, "", leaf), ensureReference(v, p, "", leaf); !same(got, want) {
				t.Errorf("%s, path %d: ensure = %#v, want %#v", name, i, got, want)
			}
		}
		// Every run of consecutive paths, and all of them, in turn.
		for i := range paths {
			for j := i + 1; j <= len(paths); j++ {
				want := v
				for _, p := range paths[i:j] {
					want = ensureReference(want, p, "", leaf)
				}
				if got := ensureAll(v, paths[i:j], leaf); !same(got, want) {
					t.Errorf("%s, paths %d..%d: ensureAll = %#v, want %#v", name, i, j, got, want)
				}
			}
		}
	}
}

// TestEnsureListReadPastItsFirstElement: a list no value is known for,
// read at index 1 and then 0 and 3 (data.aws_availability_zones.x.names),
// is a list of holes long enough for each read, in any order; a list the
// configuration gives is not lengthened.
func TestEnsureListReadPastItsFirstElement(t *testing.T) {
	leaf := func(p string) cty.Value { return cty.StringVal("hole:" + p) }
	at := func(n string, i int64) hcl.Traversal {
		return hcl.Traversal{hcl.TraverseAttr{Name: n}, hcl.TraverseIndex{Key: cty.NumberIntVal(i)}}
	}
	v := ensureAll(cty.EmptyObjectVal, []hcl.Traversal{at("names", 1), at("names", 0), at("names", 3)}, leaf)
	want := cty.TupleVal([]cty.Value{leaf("names[0]"), leaf("names[1]"), leaf("names[2]"), leaf("names[3]")})
	if got := v.GetAttr("names"); !got.RawEquals(want) {
		t.Errorf("names = %#v, want %#v", got, want)
	}
	given := cty.ObjectVal(map[string]cty.Value{"names": cty.TupleVal([]cty.Value{cty.StringVal("eu-north-1a")})})
	if got := ensure(given, at("names", 1), "", leaf); !got.RawEquals(given) {
		t.Errorf("a given list = %#v, want it unchanged", got)
	}
}
