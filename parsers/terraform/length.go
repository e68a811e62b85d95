package terraform

import (
	"fmt"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

// terraformLength is Terraform's length(), which accepts more than cty's:
// an object or tuple counts its attributes or elements from its type alone
// (so even an unknown object has a known length), a string counts its
// characters, and lists, sets and maps count their elements.
func terraformLength(v cty.Value) (cty.Value, error) {
	ty := v.Type()
	switch {
	case ty == cty.DynamicPseudoType:
		return cty.UnknownVal(cty.Number), nil
	case ty.IsObjectType():
		return cty.NumberIntVal(int64(len(ty.AttributeTypes()))), nil
	case ty.IsTupleType():
		return cty.NumberIntVal(int64(len(ty.TupleElementTypes()))), nil
	case ty == cty.String:
		if !v.IsKnown() || v.IsNull() {
			return cty.UnknownVal(cty.Number), nil
		}
		return stdlib.Strlen(v)
	case ty.IsListType() || ty.IsSetType() || ty.IsMapType():
		return v.Length(), nil
	}
	return cty.UnknownVal(cty.Number), fmt.Errorf("length: argument must be a string, a collection or a structural type, not %s", ty.FriendlyName())
}
