package graph

import (
	"sort"
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// Around returns the part of the graph within hops edges (either way) of
// the seed nodes, seeds marked Focus, renumbered in the same order.
func (g *Graph) Around(seeds []int, hops int) *Graph {
	keep := map[int]bool{}
	frontier := []int{}
	for _, s := range seeds {
		if s >= 0 && s < len(g.Nodes) && !keep[s] {
			keep[s] = true
			frontier = append(frontier, s)
		}
	}
	adj := make([][]int, len(g.Nodes))
	for _, e := range g.Edges {
		adj[e.From] = append(adj[e.From], e.To)
		adj[e.To] = append(adj[e.To], e.From)
	}
	for h := 0; h < hops; h++ {
		var next []int
		for _, n := range frontier {
			for _, o := range adj[n] {
				if !keep[o] {
					keep[o] = true
					next = append(next, o)
				}
			}
		}
		frontier = next
	}
	seed := map[int]bool{}
	for _, s := range seeds {
		seed[s] = true
	}
	out := &Graph{}
	at := map[int]int{}
	for i, n := range g.Nodes {
		if keep[i] {
			at[i] = len(out.Nodes)
			n.Focus = seed[i]
			out.Nodes = append(out.Nodes, n)
		}
	}
	for _, e := range g.Edges {
		i, ok1 := at[e.From]
		j, ok2 := at[e.To]
		if ok1 && ok2 {
			out.Edges = append(out.Edges, Edge{From: i, To: j, Label: e.Label})
		}
	}
	out.finish()
	return out
}

// At returns the nodes declared at a location: in its file, the
// declarations (Range, else NameRange) starting nearest above or at its
// line — the entity whose block or document holds it, as declarations are
// where an entity starts. Several when they start on one line (instances
// of one block). None when the file declares nothing at or above it.
func (g *Graph) At(r lint.Range) []int {
	best, bestLine := []int(nil), 0
	for i, n := range g.Nodes {
		d := n.Range
		if d.IsZero() || d.File != r.File || d.Line > r.Line {
			continue
		}
		switch {
		case d.Line > bestLine:
			best, bestLine = []int{i}, d.Line
		case d.Line == bestLine:
			best = append(best, i)
		}
	}
	return best
}

// Findings returns the nodes at the findings' primary and related
// locations, each once, in order.
func (g *Graph) Findings(fs []lint.Finding) []int {
	seen := map[int]bool{}
	var out []int
	add := func(r lint.Range) {
		for _, i := range g.At(r) {
			if !seen[i] {
				seen[i] = true
				out = append(out, i)
			}
		}
	}
	for _, f := range fs {
		add(f.Range)
		for _, l := range f.Related {
			add(l.Range)
		}
	}
	sort.Ints(out)
	return out
}

// Find returns the nodes an entity name on the command line names: the
// entity of that address; else those with that label ("EC2NodeClass
// gpu", "aws_iam_role.nodes"); else those whose address is that
// Terraform address in some root module ("<root>:" before it). None when
// nothing matches.
func (g *Graph) Find(s string) []int {
	if i := g.Index(s); i >= 0 {
		return []int{i}
	}
	var byLabel, byTF []int
	for i, n := range g.Nodes {
		if n.Label == s {
			byLabel = append(byLabel, i)
		}
		if _, tf, ok := strings.Cut(n.Addr, ":"); ok && tf == s {
			byTF = append(byTF, i)
		}
	}
	if len(byLabel) > 0 {
		return byLabel
	}
	return byTF
}
