package rules

import (
	"fmt"
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// describe names a resolved identity with its declaration when the model
// has one: `"prod-nodes" (aws_iam_role.nodes)`.
func describe(id lint.Identity) string {
	name := id.Describe()
	if id.Entity != nil {
		o := id.Entity.Base()
		if n, ok := o.Name.Str(); ok && n != "" {
			return fmt.Sprintf("%q (%s)", n, o.Label)
		}
		return o.Label
	}
	return fmt.Sprintf("%q", name)
}

// listLabels joins up to three labels and says how many more there are.
func listLabels(labels []string) string {
	if len(labels) <= 3 {
		return strings.Join(labels, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(labels[:3], ", "), len(labels)-3)
}

// instanceGroups folds node identities that are instances of one
// declaration (count / for_each) into one label: "managed node group
// module.x.aws_eks_node_group.this (2 instances)".
type instanceGroup struct {
	label string
	first lint.NodeIdentity
	refs  []lint.Ref
}

func groupInstances(ns []lint.NodeIdentity, ref func(lint.NodeIdentity) lint.Ref) []instanceGroup {
	var out []instanceGroup
	index := map[string]int{}
	count := map[string]int{}
	for _, n := range ns {
		o := n.Entity.Base()
		base := n.Label()
		if i := strings.LastIndex(base, "["); i > 0 && strings.HasSuffix(base, "]") {
			base = base[:i]
		}
		key := base + "\x00" + o.Range.String()
		count[key]++
		if i, ok := index[key]; ok {
			out[i].refs = append(out[i].refs, ref(n))
			continue
		}
		index[key] = len(out)
		out = append(out, instanceGroup{label: n.Label(), first: n, refs: []lint.Ref{ref(n)}})
		out[len(out)-1].label = base
	}
	for key, i := range index {
		if count[key] > 1 {
			out[i].label = fmt.Sprintf("%s (%d instances)", out[i].label, count[key])
		} else {
			out[i].label = out[i].first.Label()
		}
	}
	return out
}

// groupLabels lists the folded labels.
func groupLabels(gs []instanceGroup) []string {
	out := make([]string, len(gs))
	for i, g := range gs {
		out[i] = g.label
	}
	return out
}

// groupRelated gives one related location per distinct range of a group.
func groupRelated(gs []instanceGroup, what func(instanceGroup, lint.Ref) string) []lint.Location {
	var out []lint.Location
	for _, g := range gs {
		seen := map[lint.Range]bool{}
		for _, r := range g.refs {
			rng := refRange(r, g.first.Entity)
			if seen[rng] {
				continue
			}
			seen[rng] = true
			out = append(out, lint.Location{Range: rng, Message: g.label + " " + what(g, r)})
			out = append(out, r.Passed...)
		}
	}
	return out
}

// declared returns the declaration of an identity's entity as a related
// location.
func declared(id lint.Identity, what string) []lint.Location {
	if id.Entity == nil {
		return nil
	}
	o := id.Entity.Base()
	return []lint.Location{{Range: o.NameRange, Message: what + " " + o.Label + " is declared here"}}
}

// refRange picks where a node identity's role or profile is written.
func refRange(r lint.Ref, fallback lint.Entity) lint.Range {
	if r.IsSet() {
		return r.Range
	}
	return fallback.Base().Range
}

// inferred collects what the entities of a finding rest on that was
// inferred rather than read.
func inferred(es ...lint.Entity) []string {
	var out []string
	seen := map[string]bool{}
	for _, e := range es {
		if e == nil {
			continue
		}
		for _, s := range e.Base().Inferred {
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	return out
}
