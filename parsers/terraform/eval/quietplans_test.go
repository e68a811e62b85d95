package eval

import (
	"io/fs"
	"maps"
	"testing"
	"testing/fstest"

	"github.com/faultline-dev/faultline/parsers/terraform/models"
)

// The embedded table is the one the stand-ins and this build's planner
// give: a stand-in or the planner edited without regenerating it fails
// here.
func TestQuietPlansFresh(t *testing.T) {
	want, err := QuietPlans()
	if err != nil {
		t.Fatal(err)
	}
	if got := models.QuietPlans(); got != string(want) {
		t.Fatalf("parsers/terraform/models/quietplans.bin is stale (%d bytes, %d when regenerated): run %s from the repository's root", len(got), len(want), regenerate)
	}
}

// For every ordered pair of versions of every stand-in, a run takes from
// the table exactly the plan it would work out from the alternative's
// module when that plan is quiet, and nothing otherwise.
func TestQuietPlansAreWorkedOutPlans(t *testing.T) {
	if embeddedQuietPlans() == nil {
		t.Fatalf("the embedded table does not read: run %s", regenerate)
	}
	tabled, worked := NewSession(Options{}, nil), NewSession(Options{}, nil)
	quiet, loud := 0, 0
	for key, dirs := range tabled.models.idx() {
		for _, p := range dirs {
			pm := tabled.models.module(p.Dir)
			for _, a := range dirs {
				if a.Dir == p.Dir {
					continue
				}
				want := worked.altPlan(pm, worked.models.module(a.Dir))
				got := tabled.quietPlan(pm, a.Dir)
				switch {
				case !want.quiet && got != nil:
					t.Errorf("%s: %s in place of %s is not quiet, but the table has a plan", key, a.Dir, p.Dir)
				case want.quiet && got == nil:
					t.Errorf("%s: %s in place of %s is quiet, but the table has no plan", key, a.Dir, p.Dir)
				case want.quiet && (!maps.Equal(got.redo, want.redo) || !maps.Equal(got.chosen, want.chosen) || !got.quiet):
					t.Errorf("%s: %s in place of %s: the table's plan redoes %v, worked out %v", key, a.Dir, p.Dir, got.redo, want.redo)
				}
				if want.quiet {
					quiet++
				} else {
					loud++
				}
			}
		}
	}
	if quiet == 0 || loud == 0 {
		t.Fatalf("%d quiet and %d other pairs of versions: the comparison shows nothing", quiet, loud)
	}
	if n := tabled.Tabled.Load(); n != int64(quiet) {
		t.Errorf("%d plans taken from the table, want %d", n, quiet)
	}
}

// A session that evaluates every alternative whole, or every quiet one,
// takes no plan from the table: those are the ways tests compare with.
func TestQuietPlansBypassed(t *testing.T) {
	l := NewSession(Options{}, nil)
	var pm *Module
	var a string
	for _, dirs := range l.models.idx() {
		for _, p := range dirs {
			for _, alt := range dirs {
				if pm == nil && alt.Dir != p.Dir && l.quietPlan(l.models.module(p.Dir), alt.Dir) != nil {
					pm, a = l.models.module(p.Dir), alt.Dir
				}
			}
		}
	}
	if pm == nil {
		t.Fatal("the table holds no plan")
	}
	for name, set := range map[string]func(*Session){
		"whole": func(l *Session) { l.WholeAlternatives = true },
		"quiet": func(l *Session) { l.EvaluateQuiet = true },
	} {
		l := NewSession(Options{}, nil)
		set(l)
		if l.quietPlan(pm, a) != nil {
			t.Errorf("%s: a plan from the table", name)
		}
	}
}

// A directory's key is the names and contents of every file beneath it:
// a module it carries counts, and a directory with no file has none.
func TestStandInTreeKeyOfEveryFile(t *testing.T) {
	base := fstest.MapFS{
		"v1/main.tf":       {Data: []byte("variable \"a\" {}\n")},
		"v1/addon/main.tf": {Data: []byte("locals { b = 1 }\n")},
		"empty/README":     {Data: []byte("x")},
	}
	k0, ok := hashTree(base, "v1")
	if !ok {
		t.Fatal("v1: no key")
	}
	if again, _ := hashTree(base, "v1"); again != k0 {
		t.Error("the same files give another key")
	}
	edits := map[string]fstest.MapFS{
		"carried file edited": {"v1/addon/main.tf": {Data: []byte("locals { b = 2 }\n")}},
		"file renamed":        {"v1/addon/main.tf": nil, "v1/addon/other.tf": {Data: []byte("locals { b = 1 }\n")}},
		"file added":          {"v1/versions.tf": {Data: []byte("terraform {}\n")}},
	}
	for name, edit := range edits {
		fsys := maps.Clone(base)
		for p, f := range edit {
			if f == nil {
				delete(fsys, p)
				continue
			}
			fsys[p] = f
		}
		if k, ok := hashTree(fsys, "v1"); !ok || k == k0 {
			t.Errorf("%s: the key did not change", name)
		}
	}
	if _, ok := hashTree(base, "absent"); ok {
		t.Error("an absent directory has a key")
	}
	if _, ok := hashTree(fstest.MapFS{"d/sub": {Mode: fs.ModeDir | 0o755}}, "d"); ok {
		t.Error("a directory with no file has a key")
	}
}

// A damaged table reads as none (every plan worked out), never as wrong
// plans.
func TestQuietPlansDamaged(t *testing.T) {
	table := models.QuietPlans()
	if _, err := indexQuietPlans(table); err != nil {
		t.Fatalf("the embedded table: %v", err)
	}
	for name, data := range map[string]string{
		"other magic": "faultline quiet alternatives 0\n" + table[len(quietPlansMagic):],
		"truncated":   table[:len(table)-3],
		"trailing":    table + "x",
		"huge count":  quietPlansMagic + "\xff\xff\xff\xff\x0f",
	} {
		if _, err := indexQuietPlans(data); err == nil {
			t.Errorf("%s: indexed", name)
		}
	}
	var nilTable *quietTable
	if _, ok := nilTable.redo([32]byte{}); ok {
		t.Error("a nil table holds a plan")
	}
}

// A pair whose plan the session already worked out from the modules is
// answered by that plan: a quiet one is taken, a loud one is not (its
// alternative must be loaded to be evaluated).
func TestQuietPlanOfAWorkedOutPlan(t *testing.T) {
	l := NewSession(Options{}, nil)
	var quiet, loud [2]string
	for _, dirs := range l.models.idx() {
		for _, p := range dirs {
			for _, a := range dirs {
				if a.Dir == p.Dir {
					continue
				}
				ap := l.altPlan(l.models.module(p.Dir), l.models.module(a.Dir))
				switch {
				case ap.quiet && quiet[0] == "":
					quiet = [2]string{p.Dir, a.Dir}
				case !ap.quiet && loud[0] == "":
					loud = [2]string{p.Dir, a.Dir}
				}
			}
		}
	}
	if quiet[0] == "" || loud[0] == "" {
		t.Fatalf("no quiet (%v) or no loud (%v) pair of versions", quiet, loud)
	}
	tabled := l.Tabled.Load()
	if ap := l.quietPlan(l.models.module(quiet[0]), quiet[1]); ap == nil || !ap.quiet {
		t.Errorf("%s in place of %s: no quiet plan", quiet[1], quiet[0])
	}
	if ap := l.quietPlan(l.models.module(loud[0]), loud[1]); ap != nil {
		t.Errorf("%s in place of %s: a loud plan taken as quiet", loud[1], loud[0])
	}
	if l.Tabled.Load() != tabled {
		t.Error("a plan the session had worked out was taken from the table again")
	}
}
