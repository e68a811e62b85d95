package graph

import "github.com/faultline-dev/faultline/lint"

// Picture maps a finding onto the graph: the entity declared at each of
// its locations, the relations between them, and — when the primary
// location's entity lacks the relation the finding breaks (Finding.Breaks,
// else any relation) to the first related location's entity — that link,
// marked broken and labelled with it and the rule. Nil when fewer than two
// locations declare an entity.
func (g *Graph) Picture(f lint.Finding) *lint.Picture {
	locs := append([]lint.Range{f.Range}, rangesOf(f.Related)...)
	p := &lint.Picture{Kinds: make([]lint.Kind, len(locs))}
	at := map[int]int{} // node → first location declaring it
	var nodes []int
	for i, r := range locs {
		if i > 0 && f.Related[i-1].Revision != "" || i == 0 && f.Revision != "" {
			continue // at the base revision: not in this model
		}
		ns := g.At(r)
		if len(ns) == 0 {
			continue
		}
		n := ns[0]
		if i > 0 && len(nodes) > 0 {
			n = g.linkedTo(ns, nodes[0])
		}
		p.Kinds[i] = g.Nodes[n].Kind
		if _, ok := at[n]; !ok {
			at[n] = i
			nodes = append(nodes, n)
		}
	}
	if len(nodes) < 2 {
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
		if f.Breaks == "" || e.Label == f.Breaks {
			linked[[2]int{min(a, b), max(a, b)}] = true
		}
	}
	label := f.Name
	if f.Breaks != "" {
		label = f.Breaks + " (" + f.Name + ")"
	}
	first := map[int]bool{}
	for _, l := range at {
		first[l] = true
	}
	// The primary location is processed first, so it is the first of its
	// entity whenever it declares one.
	if p.Kinds[0] != "" {
		for i := 1; i < len(locs); i++ {
			if !first[i] {
				continue
			}
			if !linked[[2]int{0, i}] {
				p.Edges = append(p.Edges, lint.PictureEdge{From: 0, To: i, Label: label, Broken: true})
			}
			break
		}
	}
	return p
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
