// Package graph draws the model as a graph: its entities as nodes and the
// relations the rules follow (uses role, selects security group, bound to
// role, runs as, trusts subject, depends on…) as labelled edges, resolved with the
// model's own resolvers. It renders Mermaid, DOT and a self-contained HTML
// page.
package graph

import (
	"sort"
	"strconv"

	"github.com/faultline-dev/faultline/lint"
)

// Node is one entity of the model.
type Node struct {
	// ID is the node's identifier in every output ("n1", "n2"…), from its
	// place in the graph: never text of the input.
	ID string `json:"id"`
	// Addr is the entity's address, its identity in the model.
	Addr   string      `json:"addr"`
	Kind   lint.Kind   `json:"kind"`
	Label  string      `json:"label"`
	Name   string      `json:"name,omitempty"`
	Scope  string      `json:"scope,omitempty"`
	Source lint.Source `json:"source,omitempty"`
	Range  lint.Range  `json:"-"`
	// Where is file:line of the declaration, "" when unknown.
	Where string `json:"where,omitempty"`
	// Focus marks the nodes a --focus named (a finding's locations, or the
	// entity asked for).
	Focus bool `json:"focus,omitempty"`
}

// Edge is one relation, from the entity that writes it to the one it
// names.
type Edge struct {
	From, To int
	Label    string
}

// Graph is the model's entities (sorted by address) and the relations
// between them (sorted by ends and label, without duplicates).
type Graph struct {
	Nodes []Node
	Edges []Edge
}

// Build draws the model.
func Build(m *lint.Model) *Graph {
	return build(m, nil)
}

// BuildAround draws the part of the model a finding located in files
// touches: the entities declared in those files and the relations between
// them, in the order Build gives them. A picture (Pictures.Picture) reads
// only the nodes declared in its locations' files and the edges between
// them, so a finding whose locations all lie in files is drawn on it as
// on the whole graph, without drawing the whole graph (a run over 50
// copies of the benchmark repositories has its 7,650 findings in 400
// files).
func BuildAround(m *lint.Model, files map[string]bool) *Graph {
	return build(m, func(o *lint.Object) bool { return files[o.Range.File] })
}

// build draws the entities of the model keep accepts (nil: all) and the
// relations between them. Of entities sharing an address the first, in
// the model's order, is the node, whether keep accepts it or not.
func build(m *lint.Model, keep func(*lint.Object) bool) *Graph {
	b := &builder{m: m, index: map[string]int{}}
	ents := m.Entities()
	sort.SliceStable(ents, func(i, j int) bool { return ents[i].Base().Addr < ents[j].Base().Addr })
	for i, e := range ents {
		o := e.Base()
		if i > 0 && ents[i-1].Base().Addr == o.Addr {
			continue // sorted: a duplicate follows the first
		}
		if keep != nil && !keep(o) {
			continue
		}
		b.index[o.Addr] = len(b.g.Nodes)
		b.ents = append(b.ents, e)
		b.g.Nodes = append(b.g.Nodes, newNode(o))
	}
	b.relations()
	b.g.finish()
	return &b.g
}

func newNode(o *lint.Object) Node {
	n := Node{Addr: o.Addr, Kind: o.Kind, Label: o.Label, Scope: o.Scope.String(), Source: o.Source, Range: o.Range}
	if s, ok := o.Name.Str(); ok && !o.FromPlan() {
		n.Name = s
	}
	if !o.Range.IsZero() {
		n.Where = o.Range.File
		if o.Range.Line > 0 {
			n.Where += ":" + itoa(o.Range.Line)
		}
	}
	return n
}

// finish numbers the nodes and sorts the edges, dropping duplicates and
// loops.
func (g *Graph) finish() {
	for i := range g.Nodes {
		g.Nodes[i].ID = "n" + itoa(i+1)
	}
	sort.SliceStable(g.Edges, func(i, j int) bool {
		a, b := g.Edges[i], g.Edges[j]
		if a.From != b.From {
			return a.From < b.From
		}
		if a.To != b.To {
			return a.To < b.To
		}
		return a.Label < b.Label
	})
	out := g.Edges[:0]
	for i, e := range g.Edges {
		if e.From == e.To || i > 0 && e == g.Edges[i-1] {
			continue
		}
		out = append(out, e)
	}
	g.Edges = out
}

// Index returns the node of an entity address, -1 when none.
func (g *Graph) Index(addr string) int {
	for i, n := range g.Nodes {
		if n.Addr == addr {
			return i
		}
	}
	return -1
}

func itoa(i int) string { return strconv.Itoa(i) }
