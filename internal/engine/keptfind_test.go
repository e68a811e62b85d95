package engine

import (
	"os"
	"path/filepath"
	"testing"
)

// TestKeptFindTakesUnchangedSearch: the kustomize root search is taken
// from the cache while nothing it read, listed or probed changed (an edit
// of a plain manifest), and made again when a kustomization changes, one
// is added, or a file a kustomization names but that was missing
// appears; each run gives what a run without the cache gives.
func TestKeptFindTakesUnchangedSearch(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"base/kustomization.yaml":          "resources:\n  - sa.yaml\n",
		"base/sa.yaml":                     "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: web\n",
		"overlays/prod/kustomization.yaml": "resources:\n  - ../../base\n  - extra.yaml\nnamespace: prod\n",
		"k8s/plain.yaml":                   "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: plain\n",
	})
	c := testCache(t)
	opts := Options{Paths: []string{root}, Cwd: root}
	step := func(what string, kept, made int) {
		t.Helper()
		l, got := recomputed(t, what, opts, c)
		if u := l.Cache.Units; u.FindsKept != kept || u.FindsMade != made {
			t.Errorf("%s: root search kept %d, made %d; want %d, %d (%s)", what, u.FindsKept, u.FindsMade, kept, made, u)
		}
		sameAsFresh(t, what, opts, l, got)
	}
	step("cold", 0, 1)
	write(t, root, map[string]string{"k8s/plain.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: other\n"})
	step("a plain manifest edited", 1, 0)
	write(t, root, map[string]string{"overlays/prod/extra.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: extra\n"})
	step("a named file that was missing appears", 0, 1)
	write(t, root, map[string]string{"overlays/prod/kustomization.yaml": "resources:\n  - extra.yaml\nnamespace: prod\n"})
	step("the overlay no longer names the base", 0, 1)
	write(t, root, map[string]string{"overlays/dev/kustomization.yaml": "resources:\n  - ../../base\n"})
	step("an overlay added", 0, 1)
	write(t, root, map[string]string{"k8s/plain.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: third\n"})
	step("a plain manifest edited again", 1, 0)
	must(t, os.Remove(filepath.Join(root, "base", "sa.yaml")))
	step("a file the base names removed", 0, 1)
}
