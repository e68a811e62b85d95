package engine

import (
	"reflect"
	"testing"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/internal/engine/unitcache"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/rules"
)

// cachedRunOf is a result cache in a directory of its own and the
// options of a run over root, for tests.
func cachedRunOf(t *testing.T, root string) (*Cache, Options) {
	t.Helper()
	return testCache(t), Options{Paths: []string{root}, Cwd: root}
}

// testCache is a result cache in a directory of its own, for tests.
func testCache(t *testing.T) *Cache {
	t.Helper()
	store, err := cache.Open(t.TempDir(), cache.DefaultMax)
	if err != nil {
		t.Fatal(err)
	}
	return &Cache{Store: store, Build: "test"}
}

// sameAsFresh fails the test (saying what) unless a cached run's loaded
// input l and result got are a fresh run's with opts: the same result,
// entity for entity the same model, and the same diagnostics, notes and
// ignores.
func sameAsFresh(t *testing.T, what string, opts Options, l *Loaded, got lint.Result) {
	t.Helper()
	fl, fresh, err := Run(opts, rules.All, lint.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if g, w := resultJSON(t, got), resultJSON(t, fresh); g != w {
		t.Errorf("%s: result differs from a fresh run's:\n%s\nwant\n%s", what, g, w)
	}
	if g, w := l.Input.Model.Entities(), fl.Input.Model.Entities(); !reflect.DeepEqual(g, w) {
		t.Errorf("%s: model differs from a fresh run's (%d vs %d entities)", what, len(g), len(w))
	}
	if g, w := l.Input.Diagnostics, fl.Input.Diagnostics; !reflect.DeepEqual(g, w) {
		t.Errorf("%s: diagnostics differ from a fresh run's:\n%v\nwant\n%v", what, g, w)
	}
	if g, w := l.Input.Notes, fl.Input.Notes; !reflect.DeepEqual(g, w) {
		t.Errorf("%s: notes differ from a fresh run's", what)
	}
	if g, w := l.Input.Ignores, fl.Input.Ignores; !reflect.DeepEqual(g, w) {
		t.Errorf("%s: ignores differ from a fresh run's:\n%+v\nwant\n%+v", what, g, w)
	}
}

// recomputed is a cached run over opts that must not be answered whole
// from the cache (an edit, or nothing stored yet): it fails the test on
// an error or a whole-run hit, and logs what the cache did.
func recomputed(t *testing.T, what string, opts Options, c *Cache) (*Loaded, lint.Result) {
	t.Helper()
	l, got, err := RunCached(opts, rules.All, lint.Options{}, c)
	if err != nil {
		t.Fatal(err)
	}
	if l.Cache.Hits != 0 {
		t.Fatalf("%s: a whole-run hit; the edit was not seen", what)
	}
	t.Logf("%s: %s", what, l.Cache)
	return l, got
}

// countedSteps makes the steps of a test that edits a tree between
// cached runs: each step is a run that must not be answered whole
// (recomputed), whose counts (picked from its units by count, named by
// names) must be want, and whose model and result must be a fresh run's.
func countedSteps(t *testing.T, opts Options, c *Cache, names string, count func(unitcache.Report) [3]int) func(what string, want [3]int) {
	return func(what string, want [3]int) {
		t.Helper()
		l, got := recomputed(t, what, opts, c)
		if g := count(l.Cache.Units); g != want {
			t.Errorf("%s: %s; want %s %v", what, l.Cache.Units, names, want)
		}
		sameAsFresh(t, what, opts, l, got)
	}
}
