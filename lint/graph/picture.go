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
	return g.Pictures().Picture(f)
}

// Pictures draws the pictures of many findings on one graph: the nodes
// indexed by file and the edges by node once, so a finding costs what
// its own locations touch, not the whole graph (a run with thousands of
// findings on a graph of thousands of nodes drew every one in a scan).
// The graph must not change while it is used.
func (g *Graph) Pictures() *Pictures {
	p := &Pictures{g: g, byFile: map[string][]int{}, incident: make([][]int, len(g.Nodes))}
	for i, n := range g.Nodes {
		if !n.Range.IsZero() {
			p.byFile[n.Range.File] = append(p.byFile[n.Range.File], i)
		}
	}
	for i, e := range g.Edges {
		p.incident[e.From] = append(p.incident[e.From], i)
		if e.To != e.From {
			p.incident[e.To] = append(p.incident[e.To], i)
		}
	}
	return p
}

// Pictures is a graph indexed for drawing findings (Graph.Pictures).
type Pictures struct {
	g *Graph
	// byFile are the nodes declared in each file, in node order;
	// incident the edges at each node, in edge order.
	byFile   map[string][]int
	incident [][]int
}

// Picture is Graph.Picture.
func (d *Pictures) Picture(f lint.Finding) *lint.Picture {
	g := d.g
	p, at := d.locate(f)
	if len(at) < 2 {
		return nil
	}
	linked := map[[2]int]bool{}
	for _, ei := range d.edgesAmong(at) {
		e := g.Edges[ei]
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

// edgesAmong are the edges touching the nodes of at, each once, in edge
// order.
func (d *Pictures) edgesAmong(at map[int]int) []int {
	seen := map[int]bool{}
	var out []int
	for n := range at {
		for _, ei := range d.incident[n] {
			if !seen[ei] {
				seen[ei] = true
				out = append(out, ei)
			}
		}
	}
	sort.Ints(out)
	return out
}

// locate finds the entity at each of f's locations: the picture's kinds,
// and by node the first location it is declared at.
func (d *Pictures) locate(f lint.Finding) (*lint.Picture, map[int]int) {
	g := d.g
	locs := append([]lint.Range{f.Range}, rangesOf(f.Related)...)
	p := &lint.Picture{Kinds: make([]lint.Kind, len(locs))}
	at := map[int]int{}
	primary := -1
	for i, r := range locs {
		if i > 0 && f.Related[i-1].Revision != "" || i == 0 && f.Revision != "" {
			continue // at the base revision: not in this model
		}
		ns := d.at(r)
		if len(ns) == 0 {
			continue
		}
		n := ns[0]
		if primary >= 0 {
			n = d.linkedTo(ns, primary)
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

// at is Graph.At over the nodes of r's file alone.
func (d *Pictures) at(r lint.Range) []int {
	best, bestLine := []int(nil), 0
	for _, i := range d.byFile[r.File] {
		dl := d.g.Nodes[i].Range.Line
		if dl > r.Line {
			continue
		}
		switch {
		case dl > bestLine:
			best, bestLine = []int{i}, dl
		case dl == bestLine:
			best = append(best, i)
		}
	}
	return best
}

// linkedTo picks, of the nodes declared at one location, the first one in
// a relation with node to (the primary location's), else the first.
func (d *Pictures) linkedTo(ns []int, to int) int {
	for _, n := range ns {
		for _, ei := range d.incident[n] {
			if e := d.g.Edges[ei]; e.From == n && e.To == to || e.From == to && e.To == n {
				return n
			}
		}
	}
	return ns[0]
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
