package engine_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/internal/engine"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/rules"
)

// BenchmarkRunCachedOneFile is a pre-commit run after an edit: the
// generated tree is linted once into an empty result cache, then each
// iteration appends a line to the first file of a module every team calls
// and lints again, every other unit taken from the cache
// (FAULTLINE_BENCH_TEAMS=10 for the tree scripts/bench calls 1×).
func BenchmarkRunCachedOneFile(b *testing.B) {
	dir, _ := generate(b)
	victim := firstModuleFile(b, dir)
	store, err := cache.Open(b.TempDir(), cache.DefaultMax)
	if err != nil {
		b.Fatal(err)
	}
	c := &engine.Cache{Store: store, Build: "bench"}
	opts := engine.Options{Paths: []string{dir}, Cwd: dir}
	if _, _, err := engine.RunCached(opts, rules.All, lint.Options{}, c); err != nil {
		b.Fatal(err)
	}
	b.Run("teams="+strconv.Itoa(benchOptions(b).Teams), func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			b.StopTimer()
			f, err := os.OpenFile(victim, os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				b.Fatal(err)
			}
			_, err = f.WriteString("\n")
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			l, _, err := engine.RunCached(opts, rules.All, lint.Options{}, c)
			if err != nil {
				b.Fatal(err)
			}
			if l.Cache.Hits != 0 || l.Cache.Roots.Kept == 0 {
				b.Fatalf("not a run after an edit: %s", l.Cache)
			}
		}
	})
}

// firstModuleFile is the first .tf file, in walk order, of the tree's
// modules/ directory: the local modules the teams' roots call.
func firstModuleFile(b *testing.B, dir string) string {
	b.Helper()
	var found string
	_ = filepath.WalkDir(filepath.Join(dir, "modules"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && found == "" && !d.IsDir() && strings.HasSuffix(p, ".tf") {
			found = p
		}
		return err
	})
	if found == "" {
		b.Fatal("no module file in the generated tree")
	}
	return found
}
