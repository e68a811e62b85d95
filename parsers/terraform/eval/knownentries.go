package eval

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// KnownEntries are the entries a map expression surely has when its value
// is not known whole (Terraform's merge() of a map variable without a
// value is not known at all): of merge(), the entries of its arguments, a
// later one replacing an earlier one's; an argument not known adds entries
// not known and may replace those before it, whose values are then not
// known (their keys stay: merge drops none). A local, or a module
// variable, is followed to the expression written for it. extra holds the
// instance's each / count values. complete is false when the map may hold
// entries besides these.
func (mi *ModInst) KnownEntries(expr hcl.Expression, extra map[string]cty.Value) (entries map[string]cty.Value, complete bool) {
	return mi.knownEntries(expr, extra, 0)
}

func (mi *ModInst) knownEntries(expr hcl.Expression, extra map[string]cty.Value, depth int) (map[string]cty.Value, bool) {
	if depth > 6 || expr == nil {
		return nil, false
	}
	if v := mi.Eval(expr, extra); v.IsKnown() {
		return mapEntries(v)
	}
	written, at := mi.PassedExpr(expr)
	if at != mi {
		// Written in the module's caller: each / count there are the
		// caller's own, not this instance's.
		return at.knownEntries(written, nil, depth+1)
	}
	fc, ok := Unhooked(written).(*hclsyntax.FunctionCallExpr)
	if !ok || fc.Name != "merge" || fc.ExpandFinal {
		return nil, false
	}
	out, complete := map[string]cty.Value{}, true
	for _, arg := range fc.Args {
		got, argComplete := mi.knownEntries(arg, extra, depth+1)
		if !argComplete {
			complete = false
			for k := range out {
				out[k] = cty.DynamicVal // a key it may hold replaces it
			}
		}
		for k, v := range got {
			out[k] = v
		}
	}
	return out, complete
}

// mapEntries are the entries of a known map or object value; null is an
// empty map (merge skips it); anything else holds none known.
func mapEntries(v cty.Value) (map[string]cty.Value, bool) {
	v, _ = v.Unmark()
	if v.IsNull() {
		return nil, true
	}
	ty := v.Type()
	if !ty.IsMapType() && !ty.IsObjectType() {
		return nil, false
	}
	out := map[string]cty.Value{}
	for it := v.ElementIterator(); it.Next(); {
		k, el := it.Element()
		if !k.IsKnown() || k.Type() != cty.String {
			return nil, false
		}
		out[k.AsString()] = el
	}
	return out, true
}
