package terragrunt

import (
	"fmt"
	"math/big"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/faultline-dev/faultline/lint"
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// depRead is what a unit's inputs read of one dependency's outputs.
type depRead struct {
	// whole: the outputs object (or the dependency object) is read as a
	// whole, not only through the paths.
	whole bool
	// paths are the steps read below outputs (dependency.x.outputs.a.b is
	// [a b]), attribute and index steps only.
	paths []hcl.Traversal
}

// allDeps is the depReads key of a read of the whole dependency variable
// (dependency[local.name]...): every dependency is read as a whole.
const allDeps = "*"

// inputsRead are the input items whose expressions may read dependency
// outputs: the unit's inputs with the inputs they are deep-merged onto,
// and the inputs of its includes (include.<name>.inputs).
func inputsRead(f *fileCfg, c *cfg) []*inputItem {
	var out []*inputItem
	for _, it := range c.inputs {
		for x := it; x != nil; x = x.base {
			out = append(out, x)
		}
	}
	if f != nil {
		for _, inc := range f.includes {
			if inc.cfg != nil {
				out = append(out, inc.cfg.inputs...)
			}
		}
	}
	return out
}

// depReads scans the expressions of items for reads of dependency.NAME.outputs.
func depReads(items []*inputItem) map[string]*depRead {
	out := map[string]*depRead{}
	seen := map[hcl.Expression]bool{}
	get := func(name string) *depRead {
		r := out[name]
		if r == nil {
			r = &depRead{}
			out[name] = r
		}
		return r
	}
	for _, it := range items {
		if seen[it.expr] {
			continue
		}
		seen[it.expr] = true
		for _, t := range it.expr.Variables() {
			if t.RootName() != "dependency" {
				continue
			}
			if len(t) < 2 {
				get(allDeps).whole = true
				continue
			}
			name, ok := stepKey(t[1])
			if !ok {
				get(allDeps).whole = true
				continue
			}
			if len(t) < 3 {
				get(name).whole = true
				continue
			}
			if k, ok := stepKey(t[2]); !ok || k != "outputs" {
				continue // config_path, or a step faultline cannot name
			}
			r := get(name)
			if len(t) == 3 {
				r.whole = true
				continue
			}
			r.paths = append(r.paths, t[3:])
		}
	}
	return out
}

// stepKey is the name an attribute step or a string index step reads.
func stepKey(s hcl.Traverser) (string, bool) {
	switch s := s.(type) {
	case hcl.TraverseAttr:
		return s.Name, true
	case hcl.TraverseIndex:
		if s.Key.IsKnown() && !s.Key.IsNull() && s.Key.Type() == cty.String {
			return s.Key.AsString(), true
		}
	}
	return "", false
}

// resolveDeps builds the dependency object. The outputs of a dependency
// the inputs read are those outputs(dir) gives, else its mock_outputs
// (inferred says so), else unknown; with skip_outputs set, its
// mock_outputs, else unknown. An output read that the value lacks is
// unknown, never an error: faultline's evaluation of a unit may lack
// outputs its real module has. Each dependency read gets at most one
// note, listing what is unknown; a dependency nothing reads is not asked
// for and gets none.
func (u *unitEval) resolveDeps(c *cfg, reads map[string]*depRead, outputs func(dir string) (cty.Value, bool)) (cty.Value, map[string]string) {
	deps := map[string]cty.Value{}
	inferred := map[string]string{}
	for _, d := range c.deps {
		r := reads[d.name]
		if reads[allDeps] != nil {
			whole := depRead{whole: true}
			if r != nil {
				whole.paths = r.paths
			}
			r = &whole
		}
		v := cty.DynamicVal
		if r != nil && d.dir != "" {
			v = u.depOutputs(d, r, outputs, inferred)
		}
		deps[d.name] = cty.ObjectVal(map[string]cty.Value{"outputs": v, "config_path": cty.StringVal(d.written)})
	}
	return cty.ObjectVal(deps), inferred
}

// depOutputs is the outputs object of dependency d, which the inputs read
// as r says.
func (u *unitEval) depOutputs(d *dep, r *depRead, outputs func(dir string) (cty.Value, bool), inferred map[string]string) cty.Value {
	unit, written := u.l.rel(u.dir), d.written
	if filepath.IsAbs(written) {
		written = u.l.rel(d.dir) // as findings show paths
	}
	v, ok := cty.DynamicVal, false
	if !d.skipOutputs && outputs != nil {
		v, ok = outputs(d.dir)
	}
	// why says where the value comes from, for the note on what it lacks.
	var why string
	switch {
	case ok:
		why = fmt.Sprintf("faultline's evaluation of %s has no value for %%s%s", u.l.rel(d.dir), u.l.producerWhy(d.dir))
	case d.mocks != cty.NilVal:
		v = d.mocks
		state := "cannot be evaluated"
		if d.skipOutputs {
			state = "has skip_outputs set"
		}
		inferred[d.name] = fmt.Sprintf("dependency.%s: mock_outputs (%s %s)", d.name, written, state)
		why = fmt.Sprintf("%s %s and its mock_outputs do not set %%s", written, state)
	case d.missing != "":
		return cty.DynamicVal // noted where the dependency is written
	default:
		state := "the outputs of " + written + " cannot be evaluated"
		if d.skipOutputs {
			state = "skip_outputs is set"
		}
		u.addNote(u.l.note(lint.Unresolved, d.rng, "terragrunt unit %s: dependency.%s (%s): %s and it has no mock_outputs; %s", unit, d.name, written, state, unknownOutputs(r)))
		return cty.DynamicVal
	}
	var missing []string
	for _, p := range r.paths {
		v, _ = fill(v, p, "", &missing, u.l.opts.Holes)
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		missing = slices.Compact(missing)
		what, them := "output "+missing[0]+" is", "it"
		if len(missing) > 1 {
			what, them = "outputs "+strings.Join(missing, ", ")+" are", "them"
		}
		u.addNote(u.l.note(lint.Unresolved, d.rng, "terragrunt unit %s: dependency.%s (%s): %s unknown (%s); the inputs that read %s are unknown", unit, d.name, written, what, fmt.Sprintf(why, them), them))
	}
	return v
}

// unknownOutputs says which outputs read are unknown.
func unknownOutputs(r *depRead) string {
	var names []string
	for _, p := range r.paths {
		if k, ok := stepKey(p[0]); ok {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	names = slices.Compact(names)
	switch {
	case r.whole || len(names) == 0:
		return "its outputs are unknown"
	case len(names) == 1:
		return "output " + names[0] + " is unknown"
	}
	return "outputs " + strings.Join(names, ", ") + " are unknown"
}

// fill makes the value at path p of v readable: an attribute or key v
// lacks is added as unknown; a collection shorter than an index read is
// unknown as a whole (its length is not what faultline has). at is the
// path so far; what was filled is added to missing. changed says whether
// v was changed.
func fill(v cty.Value, p hcl.Traversal, at string, missing *[]string, holes *lint.Holes) (cty.Value, bool) {
	if len(p) == 0 || v == cty.NilVal || !v.IsKnown() || v.IsNull() {
		return v, false
	}
	ty := v.Type()
	if ty == cty.String && holes != nil && lint.IsHole(v.AsString()) {
		// A value known only after apply, read below (identity[0].oidc[0]
		// .issuer of a cluster's identity): the reference of what is read.
		return deeperHole(v, p, holes)
	}
	if k, ok := stepKey(p[0]); ok {
		name := k
		if at != "" {
			name = at + "." + k
		}
		if !ty.IsObjectType() && !ty.IsMapType() {
			return v, false
		}
		m := v.AsValueMap()
		if m == nil {
			m = map[string]cty.Value{}
		}
		child, has := m[k]
		if !has {
			*missing = append(*missing, name)
			m[k] = cty.DynamicVal
			return cty.ObjectVal(m), true
		}
		nc, changed := fill(child, p[1:], name, missing, holes)
		if !changed {
			return v, false
		}
		m[k] = nc
		return cty.ObjectVal(m), true
	}
	ix, ok := p[0].(hcl.TraverseIndex)
	if !ok || !ix.Key.IsKnown() || ix.Key.IsNull() || ix.Key.Type() != cty.Number || !(ty.IsTupleType() || ty.IsListType()) {
		return v, false
	}
	i, acc := ix.Key.AsBigFloat().Int64()
	name := fmt.Sprintf("%s[%s]", at, ix.Key.AsBigFloat().Text('f', -1))
	if acc != big.Exact || i < 0 {
		return v, false
	}
	elems := v.AsValueSlice()
	if int(i) >= len(elems) {
		*missing = append(*missing, name)
		return cty.DynamicVal, true
	}
	nc, changed := fill(elems[i], p[1:], name, missing, holes)
	if !changed {
		return v, false
	}
	elems[i] = nc
	return cty.TupleVal(elems), true
}

// producerWhy says why faultline's evaluation of the unit at dir may lack
// outputs its module has (see noteProducer); "" when nothing is known.
// Called once Load has returned (producers no longer change).
func (l *loader) producerWhy(dir string) string { return l.producers[dir] }

// deeperHole is the value at path p under v, a hole standing for a whole
// value known only after apply: the structure p reads (objects, tuples)
// around a hole naming the reference of what p reads — or an anonymous
// one when v names no reference or p holds a step that cannot be
// written —, so the expression reading it evaluates.
func deeperHole(v cty.Value, p hcl.Traversal, holes *lint.Holes) (cty.Value, bool) {
	ref, named := holes.Decode(v.AsString()).SoleRef()
	var b strings.Builder
	b.WriteString(ref.Path)
	for _, step := range p {
		switch s := step.(type) {
		case hcl.TraverseAttr:
			b.WriteString("." + s.Name)
		case hcl.TraverseIndex:
			switch {
			case s.Key.Type() == cty.Number && s.Key.IsKnown() && !s.Key.IsNull():
				b.WriteString("[" + s.Key.AsBigFloat().Text('f', -1) + "]")
			case s.Key.Type() == cty.String && s.Key.IsKnown() && !s.Key.IsNull():
				b.WriteString(fmt.Sprintf("[%q]", s.Key.AsString()))
			default:
				return v, false
			}
		default:
			return v, false
		}
	}
	leaf := cty.StringVal(holes.Anonymous())
	if named {
		ref.Path = strings.TrimPrefix(b.String(), ".")
		leaf = cty.StringVal(holes.Sentinel(ref))
	}
	x := leaf
	for j := len(p) - 1; j >= 0; j-- {
		switch s := p[j].(type) {
		case hcl.TraverseAttr:
			x = cty.ObjectVal(map[string]cty.Value{s.Name: x})
		case hcl.TraverseIndex:
			if s.Key.Type() == cty.String {
				x = cty.ObjectVal(map[string]cty.Value{s.Key.AsString(): x})
				continue
			}
			i, acc := s.Key.AsBigFloat().Int64()
			if acc != big.Exact || i < 0 || i > 64 {
				return v, false
			}
			elems := make([]cty.Value, i+1)
			for k := range elems {
				elems[k] = cty.DynamicVal
			}
			elems[i] = x
			x = cty.TupleVal(elems)
		}
	}
	return x, true
}
