package terraform

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// An instance of a stand-in leaves the outputs its caller does not read
// unevaluated (outputsread.go): every fixture gives the same entities,
// notes, diagnostics and templates as when every output is evaluated.
func TestUnreadOutputsLeftOut(t *testing.T) {
	var roots []string
	for _, base := range []string{"eval/testdata", "../../rules/testdata"} {
		roots = append(roots, tfRoots(t, base)...)
	}
	unread := int64(0)
	for _, dir := range roots {
		unread += compareOutputs(t, dir, []string{dir})
	}
	if unread == 0 {
		t.Fatal("no fixture left an output of a stand-in out")
	}
}

// The same on real repositories calling stand-ins (skipped when the
// corpus is absent).
func TestUnreadOutputsLeftOutCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("loads whole repositories")
	}
	for _, name := range []string{"aws-ia+terraform-aws-eks-blueprints", "aws-samples+eks-workshop-v2", "awslabs+data-on-eks"} {
		dir := filepath.Join("/work/corpus", name)
		if _, err := os.Stat(dir); err != nil {
			t.Skipf("corpus absent: %v", err)
		}
		if compareOutputs(t, dir, tfDirsUnder(t, dir)) == 0 {
			t.Errorf("%s: no output of a stand-in left out", name)
		}
	}
}

// compareOutputs loads dirs under root with unread outputs left out and
// with every output evaluated, reports any difference, and returns how
// many outputs were left out.
func compareOutputs(t *testing.T, root string, dirs []string) int64 {
	t.Helper()
	hp, hw := lint.NewHoles(), lint.NewHoles()
	part, all := newLoader(Options{Root: root, Holes: hp}), newLoader(Options{Root: root, Holes: hw})
	all.AllOutputs = true
	a, b := part.load(dirs), all.load(dirs)
	if fa, fb := entityFacts(a, hp), entityFacts(b, hw); !reflect.DeepEqual(fa, fb) {
		t.Errorf("%s: entities differ when unread outputs are left out:\n%s", root, firstDifference(fa, fb))
	}
	for what, pair := range map[string][2]any{"notes": {a.Notes, b.Notes}, "diagnostics": {a.Diagnostics, b.Diagnostics}, "modules": {a.Modules, b.Modules}, "calls": {a.Calls, b.Calls}} {
		if !reflect.DeepEqual(pair[0], pair[1]) {
			t.Errorf("%s: %s differ when unread outputs are left out:\n%v\nall:\n%v", root, what, pair[0], pair[1])
		}
	}
	if !reflect.DeepEqual(sorted(a.Templates), sorted(b.Templates)) {
		t.Errorf("%s: templates differ: %v, all: %v", root, a.Templates, b.Templates)
	}
	if all.Unread.Load() != 0 {
		t.Errorf("%s: %d outputs left out with allOutputs set", root, all.Unread.Load())
	}
	return part.Unread.Load()
}

func sorted(s []string) []string {
	out := append([]string(nil), s...)
	slices.Sort(out)
	return out
}
