package kube

import (
	"fmt"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// This file reads the scheduling vocabulary node pools and pods share:
// node selector requirements, taints, tolerations and label maps. Null
// collections are absent; a leaf scalar that is null, empty (a missing Helm
// value) or a hole is unknown, and so is a collection written as anything
// else than its shape.

// collection classifies n as a collection of kind: present is false when
// it is not written or null; ok is false when it is written as something
// else (a hole, a scalar, a broken alias).
func collection(n *yaml.Node, kind yaml.Kind) (m *yaml.Node, present, ok bool) {
	if n == nil {
		return nil, false, true
	}
	r := resolve(n)
	if r == nil {
		return nil, true, false
	}
	if r.Kind == yaml.ScalarNode && r.Tag == "!!null" {
		return nil, false, true
	}
	return r, true, r.Kind == kind
}

// reach follows keys down nested mappings like path; blocked is set when a
// step is written but is not a mapping, so what lies below is unknown
// rather than absent.
func reach(n *yaml.Node, keys ...string) (k, v *yaml.Node, blocked bool) {
	v = n
	for _, key := range keys {
		if _, present, ok := collection(v, yaml.MappingNode); !present {
			return nil, nil, false
		} else if !ok {
			return nil, nil, true
		}
		if k, v = lookup(v, key); v == nil {
			return nil, nil, false
		}
	}
	return k, v, false
}

// text reads a leaf scalar of the capacity model: ok is false for null, an
// empty string, a collection, a hole, or text holding a placeholder some
// later step replaces (${X}, {{ }}, <<X>>): no name, label, zone or
// operator has those characters.
func (d *doc) text(n *yaml.Node) (string, bool) {
	s, ok := scalar(n)
	if !ok || lint.HasSentinel(s) || hasPlaceholder(s) {
		return "", false
	}
	return s, true
}

// labelText reads a label value (of a requirement, a node selector, a
// label map, a taint or a toleration) like text, except that an empty
// string is the empty label value when written as a string outside a
// chart's output (there, an empty value is a missing one).
func (d *doc) labelText(n *yaml.Node) (string, bool) {
	if s := resolve(n); s != nil && s.Kind == yaml.ScalarNode && s.Tag == "!!str" && s.Value == "" {
		return "", d.opts.Source != lint.SourceHelm && len(d.opts.Inferred) == 0
	}
	return d.text(n)
}

// hasPlaceholder reports whether s holds a template placeholder or the
// characters of one.
func hasPlaceholder(s string) bool {
	return templatePlaceholder.MatchString(s) || strings.ContainsAny(s, "${}<>")
}

// texts reads a list of label values (see labelText); ok is false when
// the list or an item cannot be read. Absent and null are an empty list.
func (d *doc) texts(n *yaml.Node) ([]string, bool) {
	list, present, ok := collection(n, yaml.SequenceNode)
	if !present || !ok {
		return nil, ok
	}
	out := make([]string, 0, len(list.Content))
	for _, it := range list.Content {
		s, ok := d.labelText(it)
		if !ok {
			return out, false
		}
		out = append(out, s)
	}
	return out, true
}

// labelMap reads a label map; ok is false when the map or some label
// cannot be read (that label is left out).
func (d *doc) labelMap(n *yaml.Node) (map[string]string, bool) {
	m, present, ok := collection(n, yaml.MappingNode)
	if !present || !ok {
		return nil, ok
	}
	var out map[string]string
	for _, e := range entries(m) {
		v, known := d.labelText(e.v)
		if !known || lint.HasSentinel(e.key) || hasPlaceholder(e.key) {
			ok = false
			continue
		}
		if out == nil {
			out = map[string]string{}
		}
		out[e.key] = v
	}
	return out, ok
}

// requirementSyntax is what a list of node selector requirements may
// write besides a node selector term's: Karpenter's minValues, and its
// Gte and Lte operators (karpenter.sh/v1 NodePools, Karpenter 1.9 on).
type requirementSyntax struct {
	minValues, bounds bool
}

// requirements reads a list of node selector requirements (a node
// selector term's match expressions, or Karpenter's, as syn says); ok is
// false when the list is written but not a list.
func (d *doc) requirements(n *yaml.Node, syn requirementSyntax) ([]lint.Requirement, bool) {
	list, present, ok := collection(n, yaml.SequenceNode)
	if !present || !ok {
		return nil, ok
	}
	out := make([]lint.Requirement, 0, len(list.Content))
	for _, it := range list.Content {
		out = append(out, d.requirement(it, syn))
	}
	return out, true
}

// requirement reads one requirement {key, operator, values, minValues}.
// It is Unknown when a part cannot be read, the operator is not one syn
// allows, or a bound (Gt, Lt, Gte, Lte) has not exactly one integer
// value; what could be read is kept for messages.
func (d *doc) requirement(it *yaml.Node, syn requirementSyntax) lint.Requirement {
	r := lint.Requirement{Range: d.rangeOf(it)}
	m, _, ok := collection(it, yaml.MappingNode)
	if !ok || m == nil {
		r.Unknown = true
		return r
	}
	_, kv := lookup(m, "key")
	_, ov := lookup(m, "operator")
	_, vv := lookup(m, "values")
	var okKey, okOp, okValues bool
	r.Key, okKey = d.text(kv)
	r.Operator, okOp = d.operator(ov, syn.bounds)
	r.Values, okValues = d.texts(vv)
	r.Unknown = !okKey || !okOp || !okValues
	d.checkRequirementRequired(it, m)
	if lint.IsBound(r.Operator) && !oneInteger(r.Values) {
		r.Unknown = true
	}
	if _, mv := lookup(m, "minValues"); syn.minValues && mv != nil {
		n, ok := integer(mv)
		r.MinValues = n
		r.Unknown = r.Unknown || !ok || n < 1
	}
	return r
}

// checkRequirementRequired reports a requirement (mapping m, written at
// it) that leaves out key or operator: both are required of a node
// selector requirement, in a pod's affinity as in a NodePool's schema, and
// the API server rejects the object. Keys that are not final text, or
// merged in (<<), say nothing.
func (d *doc) checkRequirementRequired(it, m *yaml.Node) {
	has, ok := d.writtenKeys(it, m)
	if !ok {
		return
	}
	for _, field := range []string{"key", "operator"} {
		if has[field] {
			continue
		}
		which := "a node selector requirement"
		if _, kv := lookup(m, "key"); kv != nil {
			if key, ok := d.text(kv); ok {
				which += " on " + key
			}
		}
		d.invalid(it, "missing required field", fmt.Sprintf("%s in %s has no %s, which the schema requires (%s: Required value); the API server rejects the object, and this requirement is not checked.", which, d.label(), field, field))
	}
}

// isOperator reports whether s is one of the six node selector
// operators, or with bounds also Karpenter's Gte or Lte.
func isOperator(s string, bounds bool) bool {
	switch s {
	case lint.OpIn, lint.OpNotIn, lint.OpExists, lint.OpDoesNotExist, lint.OpGt, lint.OpLt:
		return true
	case lint.OpGte, lint.OpLte:
		return bounds
	}
	return false
}

// operator reads a requirement's operator; ok is false unless it is one
// of the six (with bounds, eight). An operator the API server certainly
// rejects (a plain word that is none of them, such as "in" or "Equals",
// or Gte in a node affinity term) is also an FL000 diagnostic; an
// all-capitals word may be a placeholder and is not.
func (d *doc) operator(n *yaml.Node, bounds bool) (string, bool) {
	s, ok := d.text(n)
	if !ok {
		return "", false
	}
	if isOperator(s, bounds) {
		return s, true
	}
	if isWord(s) && strings.ToUpper(s) != s && d.final(s) {
		list := "In, NotIn, Exists, DoesNotExist, Gt or Lt"
		if s == lint.OpGte || s == lint.OpLte {
			// Karpenter's own, in karpenter.sh/v1 NodePools only.
			list += "; Gte and Lte are Karpenter's, in karpenter.sh/v1 NodePools from Karpenter 1.9"
		} else if bounds {
			list = "In, NotIn, Exists, DoesNotExist, Gt, Lt, Gte or Lte"
		}
		d.invalid(n, "invalid requirement operator", fmt.Sprintf("%q in %s is not a node selector operator (%s; they are case-sensitive); the API server rejects the object, and this requirement is not checked.", s, d.label(), list))
	}
	return s, false
}

// isWord reports whether s is ASCII letters only.
func isWord(s string) bool {
	for _, r := range s {
		if (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') {
			return false
		}
	}
	return s != ""
}

// oneInteger reports whether values is a single integer, as Gt and Lt need.
func oneInteger(values []string) bool {
	if len(values) != 1 {
		return false
	}
	_, err := strconv.ParseInt(values[0], 10, 64)
	return err == nil
}

// integer reads a YAML integer scalar.
func integer(n *yaml.Node) (int, bool) {
	s := resolve(n)
	if s == nil || s.Kind != yaml.ScalarNode || s.Tag != "!!int" {
		return 0, false
	}
	var i int
	if s.Decode(&i) != nil {
		return 0, false
	}
	return i, true
}

// taints reads a list of node taints; ok is false when it is written but
// not a list.
func (d *doc) taints(n *yaml.Node) ([]lint.Taint, bool) {
	list, present, ok := collection(n, yaml.SequenceNode)
	if !present || !ok {
		return nil, ok
	}
	out := make([]lint.Taint, 0, len(list.Content))
	for _, it := range list.Content {
		out = append(out, d.taint(it))
	}
	return out, true
}

// taint reads one taint {key, value, effect}: Unknown when the key or the
// effect is missing or unreadable, the effect is none of the three, or a
// written value cannot be read.
func (d *doc) taint(it *yaml.Node) lint.Taint {
	t := lint.Taint{Range: d.rangeOf(it)}
	m, _, ok := collection(it, yaml.MappingNode)
	if !ok || m == nil {
		t.Unknown = true
		return t
	}
	_, kv := lookup(m, "key")
	_, vv := lookup(m, "value")
	_, ev := lookup(m, "effect")
	var okKey, okEffect bool
	t.Key, okKey = d.text(kv)
	t.Effect, okEffect = d.text(ev)
	okValue := true
	if vv != nil {
		t.Value, okValue = d.labelText(vv)
	}
	t.Unknown = !okKey || !okEffect || !okValue || !isEffect(t.Effect)
	return t
}

// isEffect reports whether s is a taint effect.
func isEffect(s string) bool {
	return s == "NoSchedule" || s == "PreferNoSchedule" || s == "NoExecute"
}

// tolerations reads a pod's tolerations. A list that cannot be read is one
// Unknown toleration at its key (it tolerates everything, as far as
// faultline knows).
func (d *doc) tolerations(k, n *yaml.Node) []lint.Toleration {
	list, present, ok := collection(n, yaml.SequenceNode)
	if !present {
		return nil
	}
	if !ok {
		return []lint.Toleration{{Unknown: true, Range: d.rangeOf(k)}}
	}
	out := make([]lint.Toleration, 0, len(list.Content))
	for _, it := range list.Content {
		out = append(out, d.toleration(it))
	}
	return out
}

// toleration reads one toleration {key, operator, value, effect}: the
// operator defaults to Equal, an empty effect matches every effect. It is
// Unknown when a written part cannot be read or is out of its range.
func (d *doc) toleration(it *yaml.Node) lint.Toleration {
	t := lint.Toleration{Operator: "Equal", Range: d.rangeOf(it)}
	m, _, ok := collection(it, yaml.MappingNode)
	if !ok || m == nil {
		t.Unknown = true
		return t
	}
	known := true
	read := func(key string, into *string) {
		if _, v := lookup(m, key); v != nil {
			s, ok := d.text(v)
			if key == "value" {
				s, ok = d.labelText(v)
			}
			*into, known = s, known && ok
		}
	}
	read("key", &t.Key)
	read("operator", &t.Operator)
	read("value", &t.Value)
	read("effect", &t.Effect)
	if _, v := lookup(m, "tolerationSeconds"); v != nil {
		if r := resolve(v); r == nil || r.Tag != "!!null" {
			t.Bounded = true
		}
	}
	validOp := t.Operator == "Equal" || t.Operator == "Exists"
	t.Unknown = !known || !validOp || (t.Effect != "" && !isEffect(t.Effect))
	return t
}
