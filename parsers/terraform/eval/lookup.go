package eval

import (
	"fmt"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	"github.com/zclconf/go-cty/cty/function"
)

// lookupFunc is Terraform's lookup(map, key[, default]): the default may be
// null (cty's lookup refuses a null default, so `lookup(each.value, "x",
// null)` was unknown), and holes elsewhere in the map do not matter — the
// element found is returned as it is, holes included. Only a key holding a
// hole makes the result unknown.
func (e *FuncEnv) lookupFunc() function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{
			{Name: "inputMap", Type: cty.DynamicPseudoType, AllowMarked: true},
			{Name: "key", Type: cty.String, AllowMarked: true, AllowUnknown: true},
		},
		VarParam: &function.Parameter{Name: "default", Type: cty.DynamicPseudoType, AllowNull: true, AllowUnknown: true, AllowDynamicType: true, AllowMarked: true},
		Type:     lookupType,
		Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
			key, _ := args[1].Unmark()
			if !key.IsKnown() || hasSentinel(key.AsString()) {
				if m, _ := args[0].Unmark(); len(args) == 3 && m.IsKnown() && !m.IsNull() && m.LengthInt() == 0 {
					// No key is in an empty map: whatever the key turns
					// out to be at apply, the default is the result (the
					// vpc module's lookup(var.private_subnet_tags_per_az,
					// az, {}) for a zone known only at apply).
					if v, err := convert.Convert(args[2], retType); err == nil {
						return v, nil
					}
				}
				return cty.UnknownVal(retType), nil
			}
			return lookupValue(args, retType)
		},
	})
}

// lookupType is the result type of lookup, as Terraform computes it.
func lookupType(args []cty.Value) (cty.Type, error) {
	if len(args) > 3 {
		return cty.NilType, fmt.Errorf("lookup() takes two or three arguments, got %d", len(args))
	}
	ty := args[0].Type()
	switch {
	case ty.IsObjectType():
		if !args[1].IsKnown() {
			return cty.DynamicPseudoType, nil
		}
		k, _ := args[1].Unmark()
		if key := k.AsString(); ty.HasAttribute(key) {
			return ty.AttributeType(key), nil
		} else if len(args) == 3 {
			return args[2].Type(), nil
		}
		return cty.DynamicPseudoType, function.NewArgErrorf(0, "the given object has no attribute %q", k.AsString())
	case ty.IsMapType():
		if len(args) == 3 {
			if _, err := convert.Convert(args[2], ty.ElementType()); err != nil {
				return cty.NilType, function.NewArgErrorf(2, "the default value must have the same type as the map elements")
			}
		}
		return ty.ElementType(), nil
	case ty == cty.DynamicPseudoType:
		return cty.DynamicPseudoType, nil
	}
	return cty.NilType, function.NewArgErrorf(0, "lookup() requires a map as the first argument")
}

// lookupValue finds the key in the map or object, else the default.
func lookupValue(args []cty.Value, retType cty.Type) (cty.Value, error) {
	m, marks := args[0].Unmark()
	k, _ := args[1].Unmark()
	key := k.AsString()
	if !m.IsKnown() {
		return cty.UnknownVal(retType).WithMarks(marks), nil
	}
	if m.Type().IsObjectType() {
		if m.Type().HasAttribute(key) {
			return m.GetAttr(key).WithMarks(marks), nil
		}
	} else if m.HasIndex(cty.StringVal(key)) == cty.True {
		return m.Index(cty.StringVal(key)).WithMarks(marks), nil
	}
	if len(args) < 3 {
		return cty.DynamicVal, fmt.Errorf("lookup failed to find key %q", key)
	}
	d, err := convert.Convert(args[2], retType)
	if err != nil {
		return cty.NilVal, err
	}
	return d.WithMarks(marks), nil
}
