package rules_test

import (
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/lint/graph"
	"github.com/faultline-dev/faultline/rules"
)

// TestDrawnBreaks: the rules that name the relation they break get it drawn
// as the missing link from the finding's entity to each related entity in
// their fixture's model: the account a pod identity association should
// name, every place a pod cannot schedule on.
func TestDrawnBreaks(t *testing.T) {
	for _, tc := range []struct {
		dir   string
		rule  string
		label string
		ends  int
	}{
		{"testdata/FL206/positive_namespace_moved", "FL206", "for service account (pod-identity-mismatch)", 1},
		{"testdata/FL404/positive_node_class_subnets", "FL404", "schedules on (zone-infeasible)", 1},
		{"testdata/FL402/positive_two_places_best_hint", "FL402", "schedules on (unsatisfiable-node-selector)", 2},
	} {
		t.Run(tc.dir, func(t *testing.T) {
			in, err := load(tc.dir)
			if err != nil {
				t.Fatal(err)
			}
			res := lint.Run(in, rules.All, lint.Options{})
			g := graph.Build(in.Model)
			found := false
			for _, f := range res.Findings {
				if f.Rule != tc.rule {
					continue
				}
				found = true
				p := g.Picture(f)
				if p == nil {
					t.Fatalf("%s: no picture", f.Message)
				}
				broken := 0
				for _, e := range p.Edges {
					if e.Broken && e.From == 0 && e.Label == tc.label {
						broken++
					}
				}
				if broken != tc.ends {
					t.Errorf("%d broken %q links, want %d: %+v", broken, tc.label, tc.ends, p.Edges)
				}
			}
			if !found {
				t.Fatalf("no %s finding", tc.rule)
			}
		})
	}
}
