package eval

import (
	"github.com/faultline-dev/faultline/lint"
	"github.com/zclconf/go-cty/cty"
)

// An input of type any without a value is unknown in Terraform, and so is
// every attribute read from it (var.context.cluster_id). faultline holds
// such an input as a hole string, which cannot be traversed; when the
// module only ever reads attributes of it, it is held instead as an
// object of holes at exactly those paths, so an object built from them
// stays a known object (and try over a key it lacks falls through).

// holeObject is the value of an untyped input with no value that the
// module reads only through attributes or keys, or NilVal when it is
// read whole (or not at all).
func (mi *ModInst) holeObject(name string) cty.Value {
	v := cty.NilVal
	leaf := func(p string) cty.Value {
		return mi.Evaluator.Holes.val(lint.HoleRef{Object: mi.Addr("var." + name), Path: p})
	}
	for _, e := range mi.Module.bodyExpressions() {
		if e == nil {
			continue
		}
		for _, t := range mi.Module.traversals(e) {
			if t.RootName() != "var" {
				continue
			}
			if n, ok := AttrName(t, 1); !ok || n != name {
				continue
			}
			if len(t) < 3 {
				return cty.NilVal
			}
			if _, ok := AttrName(t, 2); !ok {
				return cty.NilVal // an index on the input: its kind is unknown
			}
			if v == cty.NilVal {
				v = cty.EmptyObjectVal
			}
			v = ensure(v, t[2:], "", leaf)
		}
	}
	return v
}

// holeOfType is the value of an input of type ty with no value: a string
// is a hole, and so is each string attribute of an object type (the
// object itself is known to be one), at its path; an optional attribute
// may be null, and any other type is wholly unknown (its length or keys
// are not known).
func (mi *ModInst) holeOfType(name, path string, ty cty.Type) cty.Value {
	switch {
	case ty == cty.String:
		return mi.Evaluator.Holes.val(lint.HoleRef{Object: mi.Addr("var." + name), Path: path})
	case ty.IsObjectType():
		attrs := make(map[string]cty.Value, len(ty.AttributeTypes()))
		for n, at := range ty.AttributeTypes() {
			if ty.AttributeOptional(n) {
				attrs[n] = cty.UnknownVal(at)
				continue
			}
			p := n
			if path != "" {
				p = path + "." + n
			}
			attrs[n] = mi.holeOfType(name, p, at)
		}
		return cty.ObjectVal(attrs)
	}
	return cty.UnknownVal(ty)
}
