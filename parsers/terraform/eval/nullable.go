package eval

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// nullTakesDefault reports whether an input given to the variable is
// replaced by its default: Terraform does so for a null input to a
// variable declared `nullable = false` that has a default (a module call
// passing `create = each.value.create` where the map's optional attribute
// was left out).
func (v *variable) nullTakesDefault(in cty.Value) bool {
	return v.notNull && v.hasDef && in != cty.NilVal && in.IsKnown() && in.IsNull()
}

// staticFalse reports whether an expression is the literal false.
func staticFalse(e hcl.Expression) bool {
	val, d := staticValue(e)
	return !d.HasErrors() && val.Type() == cty.Bool && val.IsKnown() && !val.IsNull() && val.False()
}
