package engine

import (
	"testing"

	"github.com/faultline-dev/faultline/internal/engine/unitcache"
)

// A kustomization output's parse is kept while its text, its scope and
// the build's inputs are the same, and made again — its positions a
// fresh run's — when an input changes in a way the output does not show
// (a comment line moves the service account down its file); every run's
// model is a fresh run's.
func TestKeptKustomizationParses(t *testing.T) {
	root := t.TempDir()
	write(t, root, kustTree)
	c, opts := cachedRunOf(t, root)
	step := countedSteps(t, opts, c, "parses kept, made, builds", func(u unitcache.Report) [3]int {
		return [3]int{u.KustParsesKept, u.KustParsesMade, u.KustBuilt}
	})
	// dev lists extra.yaml, not written: it builds nothing to parse.
	step("cold", [3]int{0, 1, 2})
	write(t, root, map[string]string{"notes/readme.yaml": "kind: Note\n"})
	step("unrelated file added", [3]int{1, 0, 0})
	write(t, root, map[string]string{"base/sa.yaml": "# the web tier's identity\n" + kustTree["base/sa.yaml"]})
	step("input moved, output the same", [3]int{0, 1, 2})
	write(t, root, map[string]string{"notes/readme.yaml": "kind: Other\n"})
	step("unrelated file edited", [3]int{1, 0, 0})
}
