package graph

import (
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// TestPicture: a finding's locations become the entities declared there,
// the relations between them are kept, and a first related entity with no
// relation to the primary one is the broken link.
func TestPicture(t *testing.T) {
	at := func(file string, line int) lint.Range { return lint.Range{File: file, Line: line, Column: 1} }
	g := &Graph{
		Nodes: []Node{
			{Addr: "a", Kind: lint.KindNodeClass, Range: at("k8s/nc.yaml", 1)},
			{Addr: "b", Kind: lint.KindRole, Range: at("iam.tf", 3)},
			{Addr: "c", Kind: lint.KindNodeGroup, Range: at("main.tf", 10)},
			{Addr: "d", Kind: lint.KindServiceAccount, Range: at("main.tf", 10)},
		},
		Edges: []Edge{{From: 0, To: 1, Label: "uses role"}, {From: 2, To: 1, Label: "uses role"}},
	}
	f := lint.Finding{Name: "shared-node-role", Range: at("k8s/nc.yaml", 6), Related: []lint.Location{
		{Range: at("main.tf", 17)}, {Range: at("iam.tf", 3)}, {Range: at("nowhere.tf", 1)},
	}}
	p := g.Picture(f)
	if p == nil {
		t.Fatal("no picture")
	}
	if want := []lint.Kind{lint.KindNodeClass, lint.KindNodeGroup, lint.KindRole, ""}; len(p.Kinds) != 4 || p.Kinds[0] != want[0] || p.Kinds[1] != want[1] || p.Kinds[2] != want[2] || p.Kinds[3] != "" {
		t.Errorf("kinds = %v", p.Kinds)
	}
	got := map[lint.PictureEdge]bool{}
	for _, e := range p.Edges {
		got[e] = true
	}
	for _, e := range []lint.PictureEdge{{From: 0, To: 2, Label: "uses role"}, {From: 1, To: 2, Label: "uses role"}, {From: 0, To: 1, Label: "shared-node-role", Broken: true}} {
		if !got[e] {
			t.Errorf("edge %+v missing from %+v", e, p.Edges)
		}
	}
	if len(p.Edges) != 3 {
		t.Errorf("edges = %+v", p.Edges)
	}
	if g.Picture(lint.Finding{Range: at("nowhere.tf", 1)}) != nil {
		t.Error("a finding at no entity has a picture")
	}
}

// TestPictureBreaks: a finding that names the relation it breaks gets that
// link drawn missing even where another relation joins the two entities.
func TestPictureBreaks(t *testing.T) {
	at := func(line int) lint.Range { return lint.Range{File: "main.tf", Line: line, Column: 1} }
	g := &Graph{
		Nodes: []Node{{Addr: "role", Kind: lint.KindRole, Range: at(1)}, {Addr: "sa", Kind: lint.KindServiceAccount, Range: at(20)}},
		Edges: []Edge{{From: 1, To: 0, Label: "bound to role"}},
	}
	f := lint.Finding{Name: "irsa-namespace-mismatch", Breaks: TrustsSubject, Range: at(5), Related: []lint.Location{{Range: at(25)}}}
	p := g.Picture(f)
	want := lint.PictureEdge{From: 0, To: 1, Label: "trusts subject (irsa-namespace-mismatch)", Broken: true}
	if p == nil || len(p.Edges) != 2 || p.Edges[1] != want {
		t.Errorf("picture = %+v, want the bound edge and %+v", p, want)
	}
	f.Breaks = ""
	if p := g.Picture(f); p == nil || len(p.Edges) != 1 {
		t.Errorf("without Breaks, the bound edge is the link: %+v", p)
	}
}

// TestPictureBreaksEach: a named relation is drawn missing to every related
// entity that lacks it (each candidate place of a pod that fits nowhere),
// and not to one that has it.
func TestPictureBreaksEach(t *testing.T) {
	at := func(line int) lint.Range { return lint.Range{File: "k8s.yaml", Line: line, Column: 1} }
	g := &Graph{
		Nodes: []Node{
			{Addr: "pod", Kind: lint.KindWorkload, Range: at(1)},
			{Addr: "pool", Kind: lint.KindNodePool, Range: at(20)},
			{Addr: "group", Kind: lint.KindNodeGroup, Range: at(40)},
			{Addr: "other", Kind: lint.KindNodeGroup, Range: at(60)},
		},
		Edges: []Edge{{From: 0, To: 3, Label: SchedulesOn}, {From: 0, To: 1, Label: RunsAs}},
	}
	f := lint.Finding{Name: "zone-infeasible", Breaks: SchedulesOn, Range: at(5), Related: []lint.Location{{Range: at(22)}, {Range: at(41)}, {Range: at(61)}}}
	p := g.Picture(f)
	if p == nil {
		t.Fatal("no picture")
	}
	var broken []int
	for _, e := range p.Edges {
		if e.Broken {
			if e.From != 0 || e.Label != "schedules on (zone-infeasible)" {
				t.Errorf("broken edge %+v", e)
			}
			broken = append(broken, e.To)
		}
	}
	if len(broken) != 2 || broken[0] != 1 || broken[1] != 2 {
		t.Errorf("broken ends = %v, want the pool and the group (not the place it schedules on): %+v", broken, p.Edges)
	}
}
