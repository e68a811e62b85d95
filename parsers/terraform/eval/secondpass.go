package eval

import (
	"reflect"

	"github.com/zclconf/go-cty/cty"
)

// presetReached reports whether what the root produced since m (its
// entities, the YAML written inside it, and its outputs, which other
// roots read through remote state) holds a hole of one of objs,
// the module calls whose outputs were read as preset holes (callholes.go)
// — as the hole itself, or as what a hole was derived from. Only then
// does a second pass change the model: a preset the first pass read
// into nothing the model keeps (a KMS key's ARN in a launch template's
// block device) costs no second evaluation of the root.
func (e *Evaluator) presetReached(m evalMark, objs map[string]bool, outputs map[string]cty.Value) bool {
	of := func(obj string, _ bool) bool { return objs[obj] }
	holds := func(text string) bool {
		if !hasSentinel(text) {
			return false
		}
		for _, s := range e.Holes.Decode(text).Segments() {
			if s.Ref != nil && objs[s.Ref.Object] {
				return true
			}
		}
		return false
	}
	for _, ent := range e.entities[m.ents:] {
		if holdsHole(reflect.ValueOf(ent), of, holds) {
			return true
		}
	}
	for _, em := range e.Embedded[m.embedded:] {
		if holds(string(em.Content)) {
			return true
		}
	}
	found := false
	for _, v := range outputs {
		_ = cty.Walk(v, func(_ cty.Path, x cty.Value) (bool, error) {
			if !found && x.IsKnown() && !x.IsNull() && x.Type() == cty.String && hasSentinel(x.AsString()) {
				found = holds(x.AsString())
			}
			return !found, nil
		})
	}
	return found
}
