package rules

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// describe names a resolved identity with its declaration when the model
// has one: `"prod-nodes" (aws_iam_role.nodes)`.
func describe(id lint.Identity) string {
	name := id.Describe()
	if id.Entity != nil {
		o := id.Entity.Base()
		if o.FromPlan() {
			return o.Label // plan values are never echoed
		}
		if n, ok := o.Name.Str(); ok && n != "" {
			return fmt.Sprintf("%q (%s)", n, o.Label)
		}
		return o.Label
	}
	if sel, ok := id.Selector(); ok {
		labels := make([]string, len(id.Alike))
		for i, e := range id.Alike {
			labels[i] = e.Base().Label
		}
		return fmt.Sprintf("selected by %s (%s)", sel, joinLabels(labels, "or"))
	}
	return fmt.Sprintf("%q", name)
}

// listLabels joins labels as prose ("a", "a and b", "a, b and c"), naming
// at most three and counting the rest.
func listLabels(labels []string) string {
	return joinLabels(labels, "and")
}

// joinLabels joins labels as prose with conjunction ("a, b or c"),
// naming at most three and counting the rest.
func joinLabels(labels []string, conjunction string) string {
	switch n := len(labels); {
	case n == 0:
		return ""
	case n == 1:
		return labels[0]
	case n <= 3:
		return strings.Join(labels[:n-1], ", ") + " " + conjunction + " " + labels[n-1]
	default:
		return fmt.Sprintf("%s %s %d more", strings.Join(labels[:3], ", "), conjunction, n-3)
	}
}

// rootOf returns the Terraform root directory an address is qualified by
// ("infra" for "infra:module.x.aws_iam_role.r"), or "".
func rootOf(addr string) string {
	if i := strings.Index(addr, ":"); i > 0 && !strings.Contains(addr[:i], "#") {
		return addr[:i]
	}
	return ""
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
	// The same address in two Terraform roots: say which root.
	seen := map[string]int{}
	for _, g := range out {
		seen[g.label]++
	}
	for i, g := range out {
		if root := rootOf(g.first.Entity.Base().Addr); seen[g.label] > 1 && root != "" {
			out[i].label += " in " + root
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

// groupRelated gives the related locations of each group: where a user
// sets the value first (the outermost module argument), then the trail
// into the module, then the attribute itself.
func groupRelated(gs []instanceGroup, what func(instanceGroup, lint.Ref) string) []lint.Location {
	var out []lint.Location
	for _, g := range gs {
		for _, r := range g.refs {
			for i := len(r.Passed) - 1; i >= 0; i-- {
				out = append(out, r.Passed[i])
			}
			out = append(out, lint.Location{Range: refRange(r, g.first.Entity), Message: g.label + " " + what(g, r)})
		}
	}
	return mergeRelated(out)
}

// mergeRelated keeps one location per range, joining the messages of
// repeats (one module line serving several module instances; every node
// group a plan alone declares, all anchored at the plan file), each
// message once (a repeat without a message adds nothing). The messages of
// a range are joined once, at the end: appending each to the joined text
// and searching that text for each repeat cost the square of their number
// (thousands of node groups in a plan).
func mergeRelated(locs []lint.Location) []lint.Location {
	var out []lint.Location
	index := map[lint.Range]int{}
	var parts [][]string
	type message struct {
		at   int
		text string
	}
	seen := map[message]bool{}
	for _, l := range locs {
		i, ok := index[l.Range]
		if !ok {
			i = len(out)
			index[l.Range] = i
			out = append(out, l)
			parts = append(parts, nil)
		}
		key := message{i, l.Message}
		if seen[key] || ok && l.Message == "" {
			continue
		}
		seen[key] = true
		parts[i] = append(parts[i], l.Message)
	}
	for i := range out {
		if len(parts[i]) > 1 {
			out[i].Message = strings.Join(parts[i], "; ")
		}
	}
	return out
}

// splitManaged separates managed from self-managed node groups' labels.
func splitManaged(gs []instanceGroup) (managed, self []string) {
	for _, g := range gs {
		if ng, ok := g.first.Entity.(*lint.NodeGroup); ok && ng.Managed {
			managed = append(managed, g.label)
		} else {
			self = append(self, g.label)
		}
	}
	return managed, self
}

// termAnchor says where a selector term is best pointed at: the field a
// user changes (the ID, the name, or the first tag as written).
func termAnchor(t lint.SelectorTerm) lint.Range {
	switch {
	case t.HasID:
		return t.FieldRange("id")
	case t.HasName:
		return t.FieldRange("name")
	}
	best := t.Range
	found := false
	for k := range t.Tags {
		r, ok := t.FieldRanges["tags."+k]
		if ok && (!found || r.Less(best)) {
			best, found = r, true
		}
	}
	return best
}

// declared returns the declaration of an identity's entity as a related
// location.
func declared(id lint.Identity, what string) []lint.Location {
	if id.Entity == nil {
		var out []lint.Location
		for _, e := range id.Alike {
			o := e.Base()
			out = append(out, lint.Location{Range: o.NameRange, Message: what + " " + o.Label + " is declared here"})
		}
		return out
	}
	o := id.Entity.Base()
	out := []lint.Location{{Range: o.NameRange, Message: what + " " + o.Label + " is declared here"}}
	if o.CallSite != nil {
		out = append(out, *o.CallSite)
	}
	return out
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

// inferredFor is what a finding resting only on the given facts of an
// entity takes as inferred (lint.Object.InferredFor): an IRSA rule reading
// a role's trust subjects is not lowered because the modelled versions
// allowed differ only in the role's actions.
func inferredFor(e lint.Entity, facts ...lint.Fact) []string {
	if e == nil {
		return nil
	}
	return e.Base().InferredFor(facts...)
}

// inferredAny is what a finding resting on any one of several alternative
// entities (the node groups sharing a role) inferred: nothing when one of
// them is known, else what they inferred. One proven node group proves the
// finding; possible ones only add to it.
func inferredAny[T any](alts []T, ent func(T) lint.Entity) []string {
	es := make([]lint.Entity, 0, len(alts))
	for _, a := range alts {
		e := ent(a)
		if e == nil || len(e.Base().Inferred) == 0 {
			return nil
		}
		es = append(es, e)
	}
	return inferred(es...)
}

// nodeEntity is a node identity's entity.
func nodeEntity(g lint.NodeIdentity) lint.Entity { return g.Entity }

// dedupe drops repeated strings, keeping the first of each.
func dedupe(ss []string) []string {
	seen := map[string]bool{}
	out := ss[:0]
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// plural picks a suffix by count.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// acrossRoots names the Terraform roots (Terragrunt units) a finding's
// objects are declared in when there are several — " (across roots apps
// and iam)" — and is empty when they share one or have none: the same
// address can then be told apart in each root.
func acrossRoots(ents ...lint.Entity) string {
	roots := rootsOf(ents...)
	if len(roots) < 2 {
		return ""
	}
	return " (across roots " + listLabels(roots) + ")"
}

// rootsOf lists the Terraform roots (Terragrunt units) the entities a
// finding rests on are declared in, sorted, each once: Finding.Roots, by
// which lint.Postprocess names the root of findings that would otherwise
// read alike (one module called by two roots).
func rootsOf(ents ...lint.Entity) []string {
	var roots []string
	for _, e := range ents {
		if e == nil {
			continue
		}
		if r := e.Base().Root; r != "" && !slices.Contains(roots, r) {
			roots = append(roots, r)
		}
	}
	sort.Strings(roots)
	return roots
}
