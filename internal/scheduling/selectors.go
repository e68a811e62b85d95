package scheduling

import (
	"fmt"
	"slices"
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// terms are the pod's node requirements as alternatives: the node
// selector ANDed with each required node affinity term (any may match).
func terms(pod *lint.PodScheduling) [][]lint.Requirement {
	sel := known(pod.NodeSelector)
	if len(pod.Affinity) == 0 {
		return [][]lint.Requirement{sel}
	}
	var out [][]lint.Requirement
	for _, t := range pod.Affinity {
		if t != nil && len(t) == 0 {
			continue // an empty term matches no node
		}
		out = append(out, append(append([]lint.Requirement(nil), sel...), known(t)...))
	}
	return out
}

// emptyTerms reports whether every term of the pod's required node
// affinity is empty: Kubernetes matches no node with an empty
// nodeSelectorTerm, so the pod fits nowhere.
func emptyTerms(pod *lint.PodScheduling) bool {
	if len(pod.Affinity) == 0 {
		return false
	}
	for _, t := range pod.Affinity {
		if t == nil || len(t) > 0 {
			return false
		}
	}
	return true
}

// quiet marks a misfit that is not described (selectorFit without
// explain). Never changed.
var quiet = &Misfit{Stage: StageSelectors}

// podTerm is one alternative of the pod's node requirements, grouped by
// key once per workload.
type podTerm struct {
	reqs   []lint.Requirement
	keys   []string
	groups map[string][]lint.Requirement
	// derived are the requirements on instance labels, by key.
	derived []keyReqs
	// never is set for a required node affinity whose every term is
	// empty: it matches no node; at is its nodeSelectorTerms key.
	never bool
	at    lint.Range
}

// keyReqs are the requirements on one label key.
type keyReqs struct {
	key  string
	reqs []lint.Requirement
}

// podTerms groups each alternative of the pod's node requirements.
func podTerms(pod *lint.PodScheduling) []podTerm {
	if emptyTerms(pod) {
		return []podTerm{{never: true, at: pod.AffinityRange}}
	}
	var out []podTerm
	for _, t := range terms(pod) {
		keys, groups := byKey(t)
		pt := podTerm{reqs: t, keys: keys, groups: groups}
		for _, k := range keys {
			if instanceDerived(k) {
				pt.derived = append(pt.derived, keyReqs{k, groups[k]})
			}
		}
		out = append(out, pt)
	}
	return out
}

// selectorFit checks the pod's node requirements against a place. It
// returns the instance types left for the first term that fits (known
// says whether that set is known), or the misfit of the first term.
//
// Without explain, a misfit is only marked (quiet), not described: most
// places misfit most workloads and are never reported.
func selectorFit(ts []podTerm, p *Place, explain bool) (instances []*instance, known bool, miss *Misfit) {
	for i, term := range ts {
		in, kn, m := termFit(term, p, explain)
		if m == nil {
			return in, kn, nil
		}
		if i == 0 {
			miss = m
		}
	}
	return nil, false, miss
}

// termFit checks one term: instance-derived keys narrow the place's
// instance types together, every other key is checked on its own.
func termFit(t podTerm, p *Place, explain bool) ([]*instance, bool, *Misfit) {
	if t.never {
		if !explain {
			return nil, false, quiet
		}
		return nil, false, &Misfit{Stage: StageSelectors, Pod: t.at, At: p.Range(), text: func() (string, string) {
			return "no node matches the pod's required node affinity: its nodeSelectorTerms are all empty",
				"give the nodeSelectorTerm its matchExpressions, or drop the empty required node affinity"
		}}
	}
	term, keys, groups := t.reqs, t.keys, t.groups
	instances, known := p.instances, p.instancesKnown
	derived := t.derived
	if !p.karpenter {
		derived = slices.DeleteFunc(slices.Clone(derived), func(d keyReqs) bool { return !p.derivedHere(d.key) })
	}
	switch {
	case known && len(derived) > 0:
		var left []*instance
		for _, it := range instances {
			if allowedBy(it, derived) {
				left = append(left, it)
			}
		}
		if len(left) == 0 {
			for _, k := range keys {
				if p.derivedHere(k) && !explain {
					return nil, false, quiet
				}
				if p.derivedHere(k) {
					return nil, false, instanceMisfit(p, culprits(instances, derived, groups[k]))
				}
			}
		}
		instances = left
		if m := minValuesMisfit(p, term, instances); m != nil {
			return nil, false, m
		}
	case known:
		if m := p.ownMinValues(); m != nil {
			return nil, false, m
		}
	}
	for _, k := range keys {
		if p.derivedHere(k) && known {
			continue
		}
		if !p.offerFor(k, instances, known).compatible(groups[k]) {
			if !explain {
				return nil, false, quiet
			}
			return nil, false, labelMisfit(p, k, groups[k])
		}
	}
	return instances, known, nil
}

// derivedHere reports whether the place's instance types decide label
// key on its nodes: Karpenter's own instance labels
// (karpenter.k8s.aws/…) only on the nodes Karpenter launches.
func (p *Place) derivedHere(key string) bool {
	return instanceDerived(key) && (p.karpenter || !karpenterDomain(key))
}

// ownMinValues is the place's minValues misfit over all its instance
// types (a pod that selects no instance label), computed once.
func (p *Place) ownMinValues() *Misfit {
	if !p.minValuesDone {
		p.minValues, p.minValuesDone = minValuesMisfit(p, nil, p.instances), true
	}
	return p.minValues
}

// culprits are the pod's instance requirements to name when none of the
// place's instance types meets them all: one that alone excludes every
// type (instance-generation < 6 where the types are of generation 6,
// beside a > 4 they all meet); else every requirement of the derived
// keys, which only together exclude them all. first is what to name
// when the requirements cannot be told apart.
func culprits(instances []*instance, derived []keyReqs, first []lint.Requirement) []lint.Requirement {
	var all []lint.Requirement
	for _, kr := range derived {
		for _, r := range kr.reqs {
			alone := []keyReqs{{key: kr.key, reqs: []lint.Requirement{r}}}
			if !slices.ContainsFunc(instances, func(it *instance) bool { return allowedBy(it, alone) }) {
				return []lint.Requirement{r}
			}
			all = append(all, r)
		}
	}
	if len(all) == 0 {
		return first
	}
	return all
}

// instanceMisfit explains that none of the place's instance types carries
// the instance labels the pod selects.
func instanceMisfit(p *Place, want []lint.Requirement) *Misfit {
	r := want[0]
	texts := make([]string, len(want))
	for i, w := range want {
		texts[i] = describe(w)
	}
	what := strings.Join(texts, " and ")
	return &Misfit{
		Stage: StageSelectors,
		At:    p.instancesRange,
		Pod:   r.Range,
		text: func() (string, string) {
			return fmt.Sprintf("none of the instance types it launches (%s) has %s", instanceList(p.instances), what),
				fmt.Sprintf("allow an instance type with %s in %s", what, p.Label())
		},
	}
}

// labelMisfit explains why the place's nodes cannot carry a label the pod
// requires, with the change that makes them.
func labelMisfit(p *Place, key string, want []lint.Requirement) *Misfit {
	r := want[0]
	m := &Misfit{Stage: StageSelectors, Pod: r.Range, At: p.Range()}
	o := p.offerFor(key, p.instances, p.instancesKnown)
	switch {
	case o.missing:
		m.text = func() (string, string) { return "its nodes carry no label " + key, labelFix(p, r) }
	case o.prefix != "" && r.Operator != lint.OpDoesNotExist:
		m.text = func() (string, string) {
			return fmt.Sprintf("its nodes have %s=%s<suffix EKS adds to the name prefix>, the pod requires %s", key, o.prefix, describe(r)), labelFix(p, r)
		}
		m.At = p.nameRange()
	case o.finite:
		m.text = func() (string, string) {
			return fmt.Sprintf("its nodes have %s=%s, the pod requires %s", key, strings.Join(o.values, "|"), describe(r)), labelFix(p, r)
		}
		if rr, ok := p.reqRange[key]; ok {
			m.At = rr
		}
		if key == LabelZone && !p.zonesRange.IsZero() {
			m.At = p.zonesRange
		}
		if (key == LabelOS || key == labelWindowsBuild) && !p.osRange.IsZero() {
			m.At = p.osRange
		}
		if key == LabelEKSCapacity && !p.capacityRange.IsZero() {
			m.At = p.capacityRange
		}
	case r.Operator == lint.OpDoesNotExist:
		// The pod keeps off nodes that carry the label at all (Karpenter's
		// controller: no label karpenter.sh/nodepool); every node of the
		// place carries it.
		m.text = func() (string, string) {
			return fmt.Sprintf("its nodes carry a label %s, the pod requires %s", key, describe(r)), labelFix(p, r)
		}
		if rr, ok := p.reqRange[key]; ok {
			m.At = rr
		}
	default:
		m.text = func() (string, string) {
			return fmt.Sprintf("its requirement on %s excludes %s", key, describe(r)),
				fmt.Sprintf("widen %s's requirement on %s to allow %s", p.Label(), key, describe(r))
		}
		if rr, ok := p.reqRange[key]; ok {
			m.At = rr
		}
	}
	return m
}

// labelFix is the change that puts a required label on a place's nodes.
func labelFix(p *Place, r lint.Requirement) string {
	if r.Operator == lint.OpDoesNotExist {
		return fmt.Sprintf("run the pod where nodes carry no label %s (not on %s), or drop that requirement from it", r.Key, p.Label())
	}
	if r.Operator != lint.OpIn || len(r.Values) == 0 {
		return fmt.Sprintf("give %s's nodes a label %s, or drop it from the pod", p.Label(), r.Key)
	}
	if r.Key == labelWindowsBuild && p.windowsBuild != "" {
		return fmt.Sprintf("run the pod on nodes of a Windows AMI with %s (the nodes of %s run build %s), or drop the requirement from it", describe(r), p.Label(), p.windowsBuild)
	}
	if (r.Key == LabelOS || r.Key == labelWindowsBuild) && p.os != "" {
		// The AMI decides it; no label changes it.
		return fmt.Sprintf("run the pod on nodes whose AMI gives %s (not on %s, whose nodes run %s), or drop the requirement from it", describe(r), p.Label(), p.os)
	}
	if r.Key == LabelEKSCapacity && p.capacityType != "" {
		// EKS sets it from the group's capacity type; no label changes it.
		return fmt.Sprintf("run the pod on a managed node group whose capacity_type gives %s (the nodes of %s are %s), or drop the requirement from it", describe(r), p.Label(), p.capacityType)
	}
	if isZoneKey(r.Key) {
		// A zone is where a subnet is, not a label to add: a NodePool's
		// template label is one more requirement its subnets must meet.
		if p.Kind == NodePoolPlace {
			return fmt.Sprintf("let %s launch in %s (allow the zone in its requirements and give its node class a subnet there), or select a zone it launches in", p.Label(), r.Values[0])
		}
		return fmt.Sprintf("give %s a subnet in %s, or select a zone it launches in", p.Label(), r.Values[0])
	}
	switch p.Kind {
	case NodePoolPlace:
		if r.Key == LabelNodePool {
			return fmt.Sprintf("select %s=%s (the NodePool's name), or name a NodePool that exists", r.Key, p.name)
		}
		return fmt.Sprintf("add %s: %q to %s's spec.template.metadata.labels, or select what it carries", r.Key, r.Values[0], p.Label())
	default:
		if r.Key == LabelNodeGroup && p.namePrefix != "" {
			return fmt.Sprintf("name %s with node_group_name = %q rather than a name prefix (EKS adds a unique suffix to a prefix), or select a label of its own", p.Label(), r.Values[0])
		}
		return fmt.Sprintf("add %s = %q to %s's labels, or select what it carries", r.Key, r.Values[0], p.Label())
	}
}

// describe writes a requirement as a reader would say it.
func describe(r lint.Requirement) string {
	switch r.Operator {
	case lint.OpIn:
		if len(r.Values) == 1 {
			return r.Key + "=" + r.Values[0]
		}
		return r.Key + " in (" + strings.Join(r.Values, ", ") + ")"
	case lint.OpNotIn:
		return r.Key + " not in (" + strings.Join(r.Values, ", ") + ")"
	case lint.OpExists:
		return "a label " + r.Key
	case lint.OpDoesNotExist:
		return "no label " + r.Key
	case lint.OpGt:
		return r.Key + " > " + strings.Join(r.Values, "")
	case lint.OpLt:
		return r.Key + " < " + strings.Join(r.Values, "")
	case lint.OpGte:
		return r.Key + " >= " + strings.Join(r.Values, "")
	case lint.OpLte:
		return r.Key + " <= " + strings.Join(r.Values, "")
	}
	return r.Key
}

// instanceList names a few instance types.
func instanceList(in []*instance) string {
	var names []string
	for i, it := range in {
		if i == 4 {
			names = append(names, fmt.Sprintf("… %d in all", len(in)))
			break
		}
		names = append(names, it.name)
	}
	return strings.Join(names, ", ")
}

// minValuesMisfit explains a NodePool requirement whose minValues the
// instance types left for the pod cannot meet: Karpenter then launches
// nothing ("minValues requirement is not met").
func minValuesMisfit(p *Place, term []lint.Requirement, left []*instance) *Misfit {
	keys := make([]string, 0, len(p.reqs))
	for k := range p.reqs {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, key := range keys {
		if !instanceDerived(key) {
			continue
		}
		for _, r := range p.reqs[key] {
			n := len(labelValues(left, key))
			if r.MinValues == 0 || n >= r.MinValues {
				continue
			}
			pod := r.Range
			if len(term) > 0 {
				pod = term[0].Range
			}
			return &Misfit{
				Stage:  StageSelectors,
				Reason: fmt.Sprintf("its requirement on %s asks for at least %d distinct values (minValues), and the instance types left for the pod give %d", key, r.MinValues, n),
				At:     r.Range,
				Pod:    pod,
				Fix:    fmt.Sprintf("lower minValues on %s in %s to %d, or relax the pod's node selector", key, p.Label(), max(n, 1)),
			}
		}
	}
	return nil
}

// allowedBy reports whether an instance type satisfies every requirement
// on the instance labels.
func allowedBy(it *instance, derived []keyReqs) bool {
	for _, kr := range derived {
		if !it.meets(kr.key, kr.reqs) {
			return false
		}
	}
	return true
}

// meets reports whether the instance type's label key may satisfy every
// requirement: a GPU fact the table lacks for it may be any value.
func (it *instance) meets(key string, reqs []lint.Requirement) bool {
	v, ok := it.labels.get(key)
	if !ok && it.labels.lacksFact(key) {
		return true
	}
	return allMatch(reqs, v, ok)
}
