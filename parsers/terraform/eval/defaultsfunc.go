package eval

import (
	"errors"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	"github.com/zclconf/go-cty/cty/function"
)

// defaultsFunc is defaults(input, fallback), the function of Terraform's
// optional-attributes experiment (module_variable_optional_attrs, 0.15 to
// 1.2; removed in 1.3, where optional() takes a default instead): input
// with each null it holds replaced by the value at the same place in
// fallback, converted to its type. An object's attributes are those of
// input (fallback's others are ignored); each element of a list, set or
// map takes the whole fallback, each element of a tuple the one at its
// index. A primitive input is an error, as in Terraform; an input or
// fallback not known, or a fallback that does not fit input's shape, is an
// unknown of input's type.
var defaultsFunc = function.New(&function.Spec{
	Params: []function.Parameter{
		{Name: "input", Type: cty.DynamicPseudoType, AllowNull: true, AllowMarked: true, AllowUnknown: true},
		{Name: "defaults", Type: cty.DynamicPseudoType, AllowMarked: true, AllowUnknown: true},
	},
	Type: func(args []cty.Value) (cty.Type, error) {
		if t := args[0].Type(); t.IsPrimitiveType() {
			return cty.DynamicPseudoType, function.NewArgErrorf(0, "only object types and collections of object types can have defaults applied")
		}
		return args[0].Type(), nil
	},
	Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
		if retType.HasDynamicTypes() {
			return cty.UnknownVal(retType), nil
		}
		v, err := withFallback(args[0], args[1])
		if err != nil {
			// Terraform refuses such defaults when it checks the call's
			// types; which fallbacks it refuses is not modelled here.
			return cty.UnknownVal(retType), nil
		}
		return v, nil
	},
})

// errDefaultsShape is a fallback whose shape does not fit the input's.
var errDefaultsShape = errors.New("the defaults do not fit the input's type")

// withFallback is defaults() of one value (see defaultsFunc).
func withFallback(in, fb cty.Value) (cty.Value, error) {
	ty := in.Type()
	in, inMarks := in.Unmark()
	fb, fbMarks := fb.Unmark()
	if !in.IsKnown() || !fb.IsKnown() {
		return cty.UnknownVal(ty).WithMarks(inMarks, fbMarks), nil
	}
	switch {
	case ty.IsPrimitiveType():
		if !in.IsNull() || fb.IsNull() {
			return in.WithMarks(inMarks), nil
		}
		v, err := convert.Convert(fb, ty)
		if err != nil {
			return cty.NilVal, errDefaultsShape
		}
		return v.WithMarks(fbMarks), nil
	case in.IsNull() || fb.IsNull():
		return in.WithMarks(inMarks), nil
	case ty.IsObjectType():
		attrs := map[string]cty.Value{}
		for name, at := range ty.AttributeTypes() {
			sub := cty.NullVal(at)
			if fb.Type().IsObjectType() && fb.Type().HasAttribute(name) {
				sub = fb.GetAttr(name)
			}
			v, err := withFallback(in.GetAttr(name).WithMarks(inMarks), sub.WithMarks(fbMarks))
			if err != nil {
				return cty.NilVal, err
			}
			attrs[name] = v
		}
		return cty.ObjectVal(attrs), nil
	case ty.IsTupleType():
		if !fb.Type().IsTupleType() || fb.LengthInt() != in.LengthInt() {
			return cty.NilVal, errDefaultsShape
		}
		out := make([]cty.Value, in.LengthInt())
		for i := range out {
			v, err := withFallback(in.Index(cty.NumberIntVal(int64(i))).WithMarks(inMarks), fb.Index(cty.NumberIntVal(int64(i))).WithMarks(fbMarks))
			if err != nil {
				return cty.NilVal, err
			}
			out[i] = v
		}
		return cty.TupleVal(out), nil
	case ty.IsCollectionType():
		return eachWithFallback(in, inMarks, fb.WithMarks(fbMarks))
	}
	return in.WithMarks(inMarks), nil
}

// eachWithFallback is defaults() of a list, set or map: each element with
// the whole fallback.
func eachWithFallback(in cty.Value, inMarks cty.ValueMarks, fb cty.Value) (cty.Value, error) {
	ty := in.Type()
	keys, vals := []string{}, []cty.Value{}
	for it := in.ElementIterator(); it.Next(); {
		k, v := it.Element()
		nv, err := withFallback(v.WithMarks(inMarks), fb)
		if err != nil {
			return cty.NilVal, err
		}
		if ty.IsMapType() {
			keys = append(keys, k.AsString())
		}
		vals = append(vals, nv)
	}
	switch {
	case len(vals) == 0 && ty.IsMapType():
		return cty.MapValEmpty(ty.ElementType()), nil
	case len(vals) == 0 && ty.IsSetType():
		return cty.SetValEmpty(ty.ElementType()), nil
	case len(vals) == 0:
		return cty.ListValEmpty(ty.ElementType()), nil
	case ty.IsMapType():
		m := make(map[string]cty.Value, len(vals))
		for i, k := range keys {
			m[k] = vals[i]
		}
		return cty.MapVal(m), nil
	case ty.IsSetType():
		return cty.SetVal(vals), nil
	}
	return cty.ListVal(vals), nil
}
