package eval

import "github.com/zclconf/go-cty/cty"

// holesAsUnknown replaces each hole of v that stands where ty wants a
// value no string converts to (a list, an object, a number) with an
// unknown of that type: an unknown that faultline carries as a string (a
// data source's ids, another resource's attribute) is any value of any
// type to Terraform, so an input `subnet_ids = data.aws_subnets.x.ids`
// to a variable of type list(string) is an unknown list, not a failed
// conversion that makes the whole variable unknown. Everything else is
// left as it is; the caller converts the result.
func holesAsUnknown(v cty.Value, ty cty.Type) cty.Value {
	if v == cty.NilVal || !v.IsKnown() || v.IsNull() || v.IsMarked() || ty == cty.DynamicPseudoType {
		return v
	}
	vt := v.Type()
	if vt == cty.String {
		if ty != cty.String && hasSentinel(v.AsString()) {
			return cty.UnknownVal(ty)
		}
		return v
	}
	switch {
	case ty.IsObjectType() && (vt.IsObjectType() || vt.IsMapType()):
		return objectOf(v, func(name string) (cty.Type, bool) {
			if ty.HasAttribute(name) {
				return ty.AttributeType(name), true
			}
			return cty.NilType, false
		})
	case ty.IsMapType() && (vt.IsObjectType() || vt.IsMapType()):
		return objectOf(v, func(string) (cty.Type, bool) { return ty.ElementType(), true })
	case (ty.IsListType() || ty.IsSetType()) && (vt.IsTupleType() || vt.IsListType() || vt.IsSetType()):
		return tupleOf(v, func(int) (cty.Type, bool) { return ty.ElementType(), true })
	case ty.IsTupleType() && vt.IsTupleType():
		want := ty.TupleElementTypes()
		return tupleOf(v, func(i int) (cty.Type, bool) {
			if i < len(want) {
				return want[i], true
			}
			return cty.NilType, false
		})
	}
	return v
}

// objectOf is v's attributes (or a map's elements) as an object, each
// with its holes replaced for the type want gives it.
func objectOf(v cty.Value, want func(string) (cty.Type, bool)) cty.Value {
	attrs := make(map[string]cty.Value, v.LengthInt())
	for it := v.ElementIterator(); it.Next(); {
		k, e := it.Element()
		name := k.AsString()
		if t, ok := want(name); ok {
			e = holesAsUnknown(e, t)
		}
		attrs[name] = e
	}
	return cty.ObjectVal(attrs)
}

// tupleOf is v's elements as a tuple, each with its holes replaced for
// the type want gives it.
func tupleOf(v cty.Value, want func(int) (cty.Type, bool)) cty.Value {
	elems := make([]cty.Value, 0, v.LengthInt())
	i := 0
	for it := v.ElementIterator(); it.Next(); i++ {
		_, e := it.Element()
		if t, ok := want(i); ok {
			e = holesAsUnknown(e, t)
		}
		elems = append(elems, e)
	}
	return cty.TupleVal(elems)
}
