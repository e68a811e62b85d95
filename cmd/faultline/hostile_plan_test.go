package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/faultline-dev/faultline/internal/benchgen"
)

// hostilePlanRSS bounds the peak resident memory (KiB) of the run over a
// plan of 40,000 node group deletions and 40,000 creations on one role:
// about 800 MiB measured, far below what a quadratic pass would hold.
const hostilePlanRSS = 1536 << 10

// TestHostilePlanDeletions: a plan of many node group deletions beside as
// many creations on the same role (49 MB of JSON) ends with the FL301
// chain, within the suite's address-space limit and its deadline. Before
// the rules' merges were made linear this shape took 324 s of CPU, so the
// deadline ended it.
func TestHostilePlanDeletions(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: writes a 49 MB plan")
	}
	root, _ := hostileTree(t)
	g := benchgen.GroupPlan{Deletions: 40000, Created: 40000, Roles: 1, Classes: 1}
	tree := filepath.Join(root, "plan-tree")
	if err := os.MkdirAll(tree, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := g.WriteTree(tree); err != nil {
		t.Fatal(err)
	}
	data, err := g.JSON()
	if err != nil {
		t.Fatal(err)
	}
	planFile := filepath.Join(t.TempDir(), "plan.json")
	if err := os.WriteFile(planFile, data, 0o644); err != nil {
		t.Fatal(err)
	}
	r := runHostile(t, root, nil, "--plan", planFile, ".")
	assertClean(t, r)
	assertChain(t, r)
	if r.exit != 1 {
		t.Errorf("exit %d, want 1\n%s", r.exit, r.stderr)
	}
	if r.maxRSS > hostilePlanRSS {
		t.Errorf("peak RSS %d MiB, want at most %d MiB", r.maxRSS>>10, hostilePlanRSS>>10)
	}
}
