package eval

import (
	"io/fs"
	"maps"
	"slices"
	"testing"

	"github.com/faultline-dev/faultline/parsers/terraform/models"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
)

// onCycle is the definition cycles implements: an item reaches itself
// through the dependencies that name items of g.
func onCycle(g *itemGraph) map[string]bool {
	out := map[string]bool{}
	for start := range g.items {
		seen := map[string]bool{}
		stack := slices.Clone(g.items[start].deps)
		for len(stack) > 0 {
			k := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if k == start {
				out[start] = true
				break
			}
			it, ok := g.items[k]
			if !ok || seen[k] {
				continue
			}
			seen[k] = true
			stack = append(stack, it.deps...)
		}
	}
	return out
}

func graphOf(deps map[string][]string) *itemGraph {
	g := &itemGraph{items: map[string]*graphItem{}}
	for k, d := range deps {
		g.items[k] = &graphItem{kind: "local", name: k, deps: d}
	}
	return g
}

// cycles finds the items on a dependency cycle: a self-reading item, the
// items of a loop, not an item that only leads into or out of one, and
// no loop through a dependency that names no item.
func TestCyclesAreTheItemsThatReachThemselves(t *testing.T) {
	g := graphOf(map[string][]string{
		"local.self":  {"local.self"},
		"local.a":     {"local.b"},
		"local.b":     {"local.c", "var.x"},
		"local.c":     {"local.a"},
		"local.into":  {"local.a"},
		"local.out":   {},
		"local.from":  {"local.out", "local.into"},
		"local.ghost": {"local.missing"},
		"var.x":       nil,
		"local.d":     {"local.e"},
		"local.e":     {"local.d", "local.c"},
	})
	want := map[string]bool{"local.self": true, "local.a": true, "local.b": true, "local.c": true, "local.d": true, "local.e": true}
	if got := cycles(g); !maps.Equal(got, want) {
		t.Errorf("cycles = %v, want %v", slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)))
	}
	if got := onCycle(g); !maps.Equal(got, want) {
		t.Errorf("reference = %v, want %v", slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)))
	}
}

// On every built-in stand-in, cycles gives what the definition gives.
func TestCyclesOfEveryStandIn(t *testing.T) {
	var s modelSet
	n := 0
	for _, dirs := range modsource.BuildModelIndex(models.FS) {
		for _, d := range dirs {
			g := s.module(d.Dir).graph()
			if got, want := cycles(g), onCycle(g); !maps.Equal(got, want) {
				t.Errorf("%s: cycles = %v, want %v", d.Dir, slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)))
			}
			n++
		}
	}
	if n < 100 {
		t.Fatalf("only %d stand-ins compared", n)
	}
}

// A module's summaries are worked out once and are what summarizeItems
// gives.
func TestSummariesOnce(t *testing.T) {
	var s modelSet
	m := s.module(modsource.BuildModelIndex(models.FS)["terraform-aws-modules/eks/aws"][0].Dir)
	a, b := m.summaries(), m.summaries()
	if len(a) == 0 {
		t.Fatal("no items summarised")
	}
	fresh := summarizeItems(m)
	for k, sa := range a {
		if b[k] != sa {
			t.Errorf("%s: summarised twice", k)
		}
		f, ok := fresh[k]
		if !ok || !sa.same(f) || sa.unstable != f.unstable || !slices.Equal(sa.deps, f.deps) {
			t.Errorf("%s: kept summary differs from a fresh one", k)
		}
	}
	if len(fresh) != len(a) {
		t.Errorf("%d items kept, %d summarised", len(a), len(fresh))
	}
}

// A call of a directory both versions of a stand-in carry (./addon),
// written alike and with files alike, runs modules alike: the plan does
// not evaluate it again. (A stand-in's Dir carries the model-file prefix;
// its directory in models.FS was not found from it, so no such call was
// ever alike.)
func TestCallsAlikeOfCarriedDirectories(t *testing.T) {
	var s modelSet
	var l Session
	pairs := 0
	for _, dirs := range modsource.BuildModelIndex(models.FS) {
		for i, pd := range dirs {
			for _, ad := range dirs[i+1:] {
				p, a := s.module(pd.Dir), s.module(ad.Dir)
				for _, c := range p.calls {
					dp, ok1 := innerModelDir(pd.Dir, c.Source)
					da, ok2 := innerModelDir(ad.Dir, c.Source)
					if !ok1 || !ok2 {
						continue
					}
					same := sameFiles(t, dp, da)
					if got := l.callsAlike(p, a, c, 0); got != same {
						t.Errorf("%s and %s, module.%s (%s): alike %v, files alike %v", pd.Dir, ad.Dir, c.name, c.Source, got, same)
					}
					pairs++
				}
			}
		}
	}
	if pairs == 0 {
		t.Fatal("no stand-in carries a directory it calls")
	}
}

// sameFiles reports whether two directories of models.FS hold the same
// files, byte for byte.
func sameFiles(t *testing.T, a, b string) bool {
	t.Helper()
	read := func(dir string) map[string]string {
		out := map[string]string{}
		ents, err := fs.ReadDir(models.FS, dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range ents {
			if !e.IsDir() {
				data, err := fs.ReadFile(models.FS, dir+"/"+e.Name())
				if err != nil {
					t.Fatal(err)
				}
				out[e.Name()] = string(data)
			}
		}
		return out
	}
	return maps.Equal(read(a), read(b))
}
