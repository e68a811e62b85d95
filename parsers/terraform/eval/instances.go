package eval

import (
	"fmt"
	"slices"

	"github.com/faultline-dev/faultline/lint"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// Instances of a block with count or for_each.
//
// Terraform requires for_each keys and count to be known at plan time, so
// they nearly always can be derived: a map or object whose keys are known
// expands even when its values are partly unknown (each.value then holds
// unknowns and holes). Where the count or some keys genuinely cannot be
// known before apply (count = var.enabled ? 1 : 0 with no value for
// var.enabled), the block is never dropped. Where the unknown comes only
// from a condition (count = c ? 1 : 0, for_each = c ? x : y, for_each =
// { for k, v in x : k => v if c }), the candidates keep their keys and are
// *possible* instances at the address Terraform would give them
// (aws_eks_node_group.workers[0]: what a plan of the same root names, so
// --plan joins them). Otherwise the block gives one possible instance
// addressed with the key [*] (aws_eks_node_group.workers[*]), evaluated
// once with count.index / each.key as anonymous holes and each.value
// unknown. Every entity extracted from it, and from every
// module instance a possible module call creates, carries an Object.Inferred
// text saying it exists only if created, so findings resting on it are one
// severity lower and say so.
//
// Seen from elsewhere, a possible instance is exposed as if it were created
// (cty has no collection of unknown length whose elements are known): the
// count tuple holds it as element 0, and the for_each object holds it under
// every string key the module's expressions read (aws_x.y["k"]), or under an
// anonymous-hole key when none is read. So aws_x.y[0].arn, aws_x.y[*].arn,
// one(aws_x.y[*].arn) and aws_x.y["k"].arn reach the possible instance's
// attributes (holes naming aws_x.y[*]) instead of becoming wholly unknown.
// The price is that length(aws_x.y) reads 1 (or the number of keys read);
// so a block whose count / for_each reads a block with possible instances
// (directly or through locals) has only possible instances itself.

// Why an instance may not exist.
const (
	countUnknown = "its count is not known statically"
	keysUnknown  = "its for_each keys are not known statically"
)

// possibleText is the inferred text of an instance that exists only if
// created.
func possibleText(label, why string) string {
	return label + ": exists only if created (" + why + ")"
}

// expandCount turns an evaluated count into instances.
func (mi *ModInst) expandCount(v cty.Value) ([]Instance, string) {
	n, err := convert.Convert(v, cty.Number)
	switch {
	case err != nil && valueHasSentinel(v), err == nil && !n.IsKnown():
		idx := mi.Evaluator.Holes.val(lint.HoleRef{Object: mi.Addr("count.index"), Anonymous: true})
		return []Instance{{
			key:      cty.UnknownVal(cty.Number),
			Extra:    map[string]cty.Value{"count": cty.ObjectVal(map[string]cty.Value{"index": idx})},
			possible: countUnknown,
		}}, ""
	case err != nil:
		return nil, "count is not a number"
	case n.IsNull():
		return nil, "count is null"
	}
	c, acc := n.AsBigFloat().Int64()
	if c < 0 || acc != 0 {
		return nil, "count is not a whole number of zero or more"
	}
	if !mi.Evaluator.Budget().roomFor(c, "count") {
		return nil, ""
	}
	out := make([]Instance, 0, c)
	for i := int64(0); i < c; i++ {
		k := cty.NumberIntVal(i)
		out = append(out, Instance{key: k, Extra: map[string]cty.Value{"count": cty.ObjectVal(map[string]cty.Value{"index": k})}})
	}
	return out, ""
}

// expandForEach turns an evaluated for_each into instances: one per known
// key, and one possible instance when the collection, or an element of a
// set, is unknown.
func (mi *ModInst) expandForEach(v cty.Value) ([]Instance, string) {
	ty := v.Type()
	switch {
	case !v.IsKnown() || ty == cty.String && valueHasSentinel(v):
		return []Instance{mi.possibleEach(v)}, ""
	case v.IsNull():
		return nil, "for_each is null"
	case ty.IsListType() || ty.IsTupleType():
		return nil, "for_each is a list (Terraform requires a map, an object or a set of strings)"
	case !ty.IsMapType() && !ty.IsObjectType() && !ty.IsSetType():
		return nil, "for_each is a " + ty.FriendlyName() + " (Terraform requires a map, an object or a set of strings)"
	}
	if !mi.Evaluator.Budget().roomFor(int64(v.LengthInt()), "for_each") {
		return nil, ""
	}
	var out []Instance
	unknown := false
	for it := v.ElementIterator(); it.Next(); {
		k, x := it.Element()
		if ty.IsSetType() {
			if !x.IsKnown() {
				unknown = true
				continue
			}
			k = x
		}
		ks, err := convert.Convert(k, cty.String)
		if err != nil || ks.IsNull() {
			return nil, "a for_each key is not a string"
		}
		out = append(out, Instance{key: ks, Extra: map[string]cty.Value{"each": cty.ObjectVal(map[string]cty.Value{"key": ks, "value": x})}})
	}
	if unknown {
		out = append(out, mi.possibleEach(v))
	}
	return out, ""
}

// possibleEach is the possible instance of a for_each whose keys are
// unknown: each.key is an anonymous hole, each.value is unknown (a hole
// for a map of strings; for a set, whatever its element type is known
// to be, the key: Terraform takes only sets of strings, and toset() of
// a list not known is a set of no known element type).
func (mi *ModInst) possibleEach(v cty.Value) Instance {
	key := mi.possibleKey()
	val := cty.DynamicVal
	if ty := v.Type(); ty.IsSetType() {
		val = key
	} else if ty.IsMapType() {
		val = cty.UnknownVal(ty.ElementType())
		if ty.ElementType() == cty.String {
			val = key
		}
	}
	return Instance{
		key:      cty.UnknownVal(cty.String),
		Extra:    map[string]cty.Value{"each": cty.ObjectVal(map[string]cty.Value{"key": key, "value": val})},
		possible: keysUnknown,
	}
}

// possibleKey is the anonymous hole standing for an unknown for_each key.
func (mi *ModInst) possibleKey() cty.Value {
	return mi.Evaluator.Holes.val(lint.HoleRef{Object: mi.Addr("each.key"), Anonymous: true})
}

// forEachObject builds the object of a for_each block's instances by key;
// a possible instance is put under every string key the module reads from
// the block that no known instance has, or under an anonymous key.
func (mi *ModInst) forEachObject(key string, keys, vals []cty.Value) cty.Value {
	m := map[string]cty.Value{}
	var possible []cty.Value
	for i, k := range keys {
		if !k.IsKnown() {
			possible = append(possible, vals[i])
			continue
		}
		m[k.AsString()] = vals[i]
	}
	for _, v := range possible {
		placed := false
		for _, k := range mi.readKeys(key) {
			if _, ok := m[k]; !ok {
				m[k], placed = v, true
			}
		}
		if !placed {
			m[mi.possibleKey().AsString()] = v
		}
	}
	return cty.ObjectVal(m)
}

// readKeys lists the known string keys the module's expressions index the
// block key with (aws_x.y["k"]), in order of first use.
func (mi *ModInst) readKeys(key string) []string {
	var out []string
	for _, t := range mi.Module.needed()[key] {
		if len(t) == 0 {
			continue
		}
		ix, ok := t[0].(hcl.TraverseIndex)
		if !ok || !ix.Key.IsKnown() || ix.Key.IsNull() || ix.Key.Type() != cty.String {
			continue
		}
		if k := ix.Key.AsString(); !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

// marks are what an instance's entities rest on that is inferred: texts
// for Object.Inferred and the possible instances among them
// (Object.Possible).
type marks struct {
	inferred []string
	possible []lint.PossibleInstance
}

// instanceMarks are the marks of an instance's entities: the module
// instance's own, and whether the instance exists at all.
func (mi *ModInst) instanceMarks(local string, in Instance) marks {
	m := marks{inferred: mi.inferred, possible: mi.possibles}
	if rests := mi.rests[local]; len(rests) > 0 {
		m.inferred = append(slices.Clone(m.inferred), rests...)
	}
	if in.possible == "" {
		return m
	}
	text := possibleText(mi.Label(local), in.possible)
	p := lint.PossibleInstance{Root: mi.Evaluator.RootRel, Block: mi.Label(local), Text: text}
	if in.key.IsKnown() {
		p.Key = mi.suffix(in.key)
	} else {
		p.Unkeyed = true
	}
	m.inferred = append(slices.Clone(m.inferred), text)
	m.possible = append(slices.Clone(mi.possibles), p)
	return m
}

// notePossible records, once per block, that some of its instances exist
// only if created.
func (mi *ModInst) notePossible(local string, insts []Instance, r hcl.Range) {
	n, why := 0, ""
	for _, in := range insts {
		if in.possible != "" {
			n, why = n+1, in.possible
		}
	}
	if n == 0 {
		return
	}
	what := mi.Label(local) + ": " + why + "; read as one instance that exists only if created"
	if n > 1 || insts[0].key.IsKnown() {
		what = fmt.Sprintf("%s: %s; %d instance%s read as existing only if created", mi.Label(local), why, n, map[bool]string{true: "", false: "s"}[n == 1])
	}
	what += " (findings that rest on them are one severity lower)"
	mi.Evaluator.Notes = append(mi.Evaluator.Notes, lint.Note{Kind: lint.Inferred, What: what, Range: mi.Evaluator.Session.Rng(r)})
}

// unkeyed reports whether expansion gave only the possible instance whose
// key is unknown.
func unkeyed(insts []Instance) bool {
	return len(insts) == 1 && insts[0].key != cty.NilVal && !insts[0].key.IsKnown()
}

// unwrap strips parentheses and follows an expression that is exactly
// local.NAME to the local's own expression (locals are evaluated in the
// module's scope, so the result is the same).
func (mi *ModInst) unwrap(expr hcl.Expression) hcl.Expression {
	for range maxUnwrap {
		switch x := expr.(type) {
		case *hclsyntax.ParenthesesExpr:
			expr = x.Expression
			continue
		case *hclsyntax.ScopeTraversalExpr:
			if len(x.Traversal) == 2 && x.Traversal.RootName() == "local" {
				if n, ok := AttrName(x.Traversal, 1); ok {
					if a, ok := mi.Module.locals[n]; ok {
						expr = a.Expr
						continue
					}
				}
			}
		}
		return expr
	}
	return expr
}

// maxUnwrap bounds the parentheses and locals unwrap follows.
const maxUnwrap = 16

// conditionalCount reads `cond ? a : b` with an unknown condition and two
// known counts: the instances of the larger, those beyond the smaller
// existing only if created. count.index stays known.
func (mi *ModInst) conditionalCount(expr hcl.Expression) ([]Instance, bool) {
	ce, ok := mi.unwrap(expr).(*hclsyntax.ConditionalExpr)
	if !ok {
		return nil, false
	}
	a, inva := mi.expandCount(mi.Eval(ce.TrueResult, nil))
	b, invb := mi.expandCount(mi.Eval(ce.FalseResult, nil))
	if inva != "" || invb != "" || hasPossible(a) || hasPossible(b) || !mi.Evaluator.Budget().Ok() {
		return nil, false
	}
	if len(a) < len(b) {
		a, b = b, a
	}
	for i := len(b); i < len(a); i++ {
		a[i].possible = countUnknown
	}
	return a, true
}

// standInBranch reads, in a stand-in, `cond ? x : y` with a known
// condition as the branch it selects. Such a for_each is unknown only
// because its branches' types do not agree: a stand-in leaves untyped a
// variable the real module types (eks v21's eks_managed_node_groups is a
// map of objects with optional attributes, so groups that set different
// attributes still agree with `{}`), so Terraform, with the real type,
// takes the branch. In the user's own code the same for_each is an error
// Terraform reports, and is left unknown.
func (mi *ModInst) standInBranch(x *hclsyntax.ConditionalExpr) ([]Instance, bool) {
	if !mi.inStandIn() {
		return nil, false
	}
	c, _ := mi.Eval(x.Condition, nil).Unmark()
	if !c.IsKnown() || c.IsNull() || c.Type() != cty.Bool {
		return nil, false
	}
	branch := x.FalseResult
	if c.True() {
		branch = x.TrueResult
	}
	insts, inv := mi.expandForEach(mi.Eval(branch, nil))
	if inv != "" || hasPossible(insts) || !mi.Evaluator.Budget().Ok() {
		return nil, false
	}
	return insts, true
}

// conditionalForEach reads a for_each whose keys are unknown only through
// a condition: `cond ? x : y` (the keys of both, those not in both existing
// only if created) and `{ for k, v in x : k => v if cond }` (every key of
// the collection without the condition, existing only if created).
func (mi *ModInst) conditionalForEach(expr hcl.Expression) ([]Instance, bool) {
	switch x := mi.unwrap(expr).(type) {
	case *hclsyntax.ConditionalExpr:
		if insts, ok := mi.standInBranch(x); ok {
			return insts, true
		}
		a, inva := mi.expandForEach(mi.Eval(x.TrueResult, nil))
		b, invb := mi.expandForEach(mi.Eval(x.FalseResult, nil))
		if inva != "" || invb != "" || hasPossible(a) || hasPossible(b) || !mi.Evaluator.Budget().Ok() {
			return nil, false
		}
		return unionInstances(a, b), true
	case *hclsyntax.ForExpr:
		if x.CondExpr == nil {
			return nil, false
		}
		all := *x
		all.CondExpr = nil
		insts, inv := mi.expandForEach(mi.Eval(&all, nil))
		if inv != "" || hasPossible(insts) || !mi.Evaluator.Budget().Ok() {
			return nil, false
		}
		for i := range insts {
			insts[i].possible = keysUnknown
		}
		return insts, true
	}
	return nil, false
}

// unionInstances joins the instances of two for_each branches by key: a
// key in one branch only exists only if created; a key in both keeps the
// first branch's value.
func unionInstances(a, b []Instance) []Instance {
	inB := map[string]bool{}
	for _, in := range b {
		inB[in.key.AsString()] = true
	}
	inA := map[string]bool{}
	var out []Instance
	for _, in := range a {
		inA[in.key.AsString()] = true
		if !inB[in.key.AsString()] {
			in.possible = keysUnknown
		}
		out = append(out, in)
	}
	for _, in := range b {
		if !inA[in.key.AsString()] {
			in.possible = keysUnknown
			out = append(out, in)
		}
	}
	return out
}

func hasPossible(insts []Instance) bool {
	for _, in := range insts {
		if in.possible != "" {
			return true
		}
	}
	return false
}

// markInferred appends the marks' inferred texts and possible instances
// to the entities and embedded manifests added since the given counts.
func (e *Evaluator) markInferred(ents, embedded int, m marks) {
	if len(m.inferred) == 0 {
		return
	}
	for _, ent := range e.entities[ents:] {
		o := ent.Base()
		for _, s := range m.inferred {
			if !slices.Contains(o.Inferred, s) {
				o.Inferred = append(o.Inferred, s)
			}
		}
		for _, p := range m.possible {
			if !slices.Contains(o.Possible, p) {
				o.Possible = append(o.Possible, p)
			}
		}
	}
	for i := embedded; i < len(e.Embedded); i++ {
		e.Embedded[i].Inferred = append(slices.Clone(e.Embedded[i].Inferred), m.inferred...)
	}
}

// dependent marks every instance possible when the count / for_each
// expression reads a block of this module that has possible instances
// (directly or through locals): the possible instance stands in its
// collection as if created, so the keys or length read from it are only
// as certain as it is.
func (mi *ModInst) dependent(insts []Instance, expr hcl.Expression, what string) []Instance {
	dep := mi.possibleDep(expr, map[string]bool{})
	if dep == "" {
		return insts
	}
	for i := range insts {
		if insts[i].possible == "" {
			insts[i].possible = "its " + what + " is read from " + mi.Label(dep) + ", which exists only if created"
		}
	}
	return insts
}

// possibleDep returns the first block with possible instances that expr
// reads, following locals; "" when there is none.
func (mi *ModInst) possibleDep(expr hcl.Expression, seen map[string]bool) string {
	if expr == nil || len(mi.possible) == 0 {
		return ""
	}
	for _, t := range mi.Module.traversals(expr) {
		k := depKey(t)
		switch {
		case k == "" || seen[k]:
		case mi.possible[k]:
			return k
		case t.RootName() == "local":
			seen[k] = true
			if a, ok := mi.Module.locals[k[len("local."):]]; ok {
				if d := mi.possibleDep(a.Expr, seen); d != "" {
					return d
				}
			}
		}
	}
	return ""
}

// notePossibleBlock remembers that a block of this module has possible
// instances, for the blocks whose count / for_each read it.
func (mi *ModInst) notePossibleBlock(key string, insts []Instance) {
	if !hasPossible(insts) {
		return
	}
	if mi.possible == nil {
		mi.possible = map[string]bool{}
	}
	mi.possible[key] = true
}
