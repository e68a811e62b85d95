package graph

import (
	"sort"

	"github.com/faultline-dev/faultline/lint"
)

// Picture maps a finding onto the graph: the entity declared at each of
// its locations and the relations between them. A finding that names the
// relation it breaks (Finding.Breaks) gets that link drawn missing — marked
// broken and labelled with it and the rule — from the primary location's
// entity to every related entity it lacks it to (each candidate place a
// pod cannot schedule on; the account a trust refuses). A finding that
// names none gets one broken link, to the first related entity no relation
// but depends on joins to the primary's. Nil when fewer than two locations
// declare an entity.
func (g *Graph) Picture(f lint.Finding) *lint.Picture {
	p, at := g.locate(f)
	if len(at) < 2 {
		return nil
	}
	linked := map[[2]int]bool{}
	for _, e := range g.Edges {
		a, okA := at[e.From]
		b, okB := at[e.To]
		if !okA || !okB || a == b {
			continue
		}
		p.Edges = append(p.Edges, lint.PictureEdge{From: a, To: b, Label: e.Label})
		// An ordering (depends on) is no relation a rule follows: it
		// never stands for the link a finding breaks.
		if e.Label != DependsOn && (f.Breaks == "" || e.Label == f.Breaks) {
			linked[[2]int{min(a, b), max(a, b)}] = true
		}
	}
	for _, i := range brokenEnds(p, at, f.Breaks != "") {
		if linked[[2]int{0, i}] {
			continue
		}
		label := f.Name
		if f.Breaks != "" {
			label = f.Breaks + " (" + f.Name + ")"
		}
		p.Edges = append(p.Edges, lint.PictureEdge{From: 0, To: i, Label: label, Broken: true})
	}
	return p
}

// locate finds the entity declared at each of the finding's locations (a
// related one prefers an entity in a relation with the primary's): the
// picture's kinds, and each entity's first location by node.
func (g *Graph) locate(f lint.Finding) (*lint.Picture, map[int]int) {
	locs := append([]lint.Range{f.Range}, rangesOf(f.Related)...)
	p := &lint.Picture{Kinds: make([]lint.Kind, len(locs))}
	at := map[int]int{}
	primary := -1
	for i, r := range locs {
		if i > 0 && f.Related[i-1].Revision != "" || i == 0 && f.Revision != "" {
			continue // at the base revision: not in this model
		}
		ns := g.At(r)
		if len(ns) == 0 {
			continue
		}
		n := ns[0]
		if primary >= 0 {
			n = g.linkedTo(ns, primary)
		}
		if primary < 0 {
			primary = n
		}
		p.Kinds[i] = g.Nodes[n].Kind
		if _, ok := at[n]; !ok {
			at[n] = i
		}
	}
	return p, at
}

// brokenEnds are the related locations that may be drawn as a broken
// link's end, in order: with each, every one that is the first location of
// its entity; without, the first of those only. None when the primary
// location declares no entity.
func brokenEnds(p *lint.Picture, at map[int]int, each bool) []int {
	if p.Kinds[0] == "" {
		return nil
	}
	var ends []int
	for _, l := range at {
		if l > 0 {
			ends = append(ends, l)
		}
	}
	sort.Ints(ends)
	if !each && len(ends) > 1 {
		ends = ends[:1]
	}
	return ends
}

func rangesOf(ls []lint.Location) []lint.Range {
	out := make([]lint.Range, len(ls))
	for i, l := range ls {
		out[i] = l.Range
	}
	return out
}

// linkedTo picks, of the nodes declared at one location, the first one in
// a relation with node to (the primary location's), else the first.
func (g *Graph) linkedTo(ns []int, to int) int {
	for _, n := range ns {
		for _, e := range g.Edges {
			if e.From == n && e.To == to || e.From == to && e.To == n {
				return n
			}
		}
	}
	return ns[0]
}
