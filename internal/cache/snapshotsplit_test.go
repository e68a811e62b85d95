//go:build unix

package cache

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// Take, which walks the directories two levels below each root on their
// own, records what one walk of the tree records, in the same order:
// files at every depth, a .git and a skipped directory at the split
// depth and above it (one of them holding a directory the run read), a
// linked directory and file, a dangling link, an empty directory, and a
// directory that cannot be listed (but by root); for one root, for two,
// and for a root below another.
func TestTakeSplitIsOneWalk(t *testing.T) {
	root := t.TempDir()
	files := []string{
		"main.tf", "a/x.yaml", "a/b/y.yaml", "a/b/c/z.yaml", "a/b2/w.yaml",
		"k8s/overlays/prod/kustomization.yaml", "k8s/overlays/dev/kustomization.yaml", "k8s/base/d.yaml",
		"a/node_modules/m/index.js", "node_modules/n/index.js", "a/.git/HEAD", ".git/HEAD",
		"live/.terraform/modules/vpc/main.tf", "live/prod/eu/main.tf",
	}
	for _, f := range files {
		p := filepath.Join(root, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(f), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, l := range [][2]string{{"a/b", "k8s/linked"}, {"../a/x.yaml", "k8s/x.yaml"}, {"nowhere", "a/b/gone.yaml"}} {
		if err := os.Symlink(l[0], filepath.Join(root, l[1])); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(root, "a", "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	locked := filepath.Join(root, "k8s", "locked")
	if err := os.MkdirAll(filepath.Join(locked, "inner"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(locked, 0o755) })
	skip := func(name string) bool { return name == "node_modules" || name == ".terraform" }
	keep := []string{filepath.Join(root, "live", ".terraform", "modules", "vpc")}

	for _, roots := range [][]string{
		{root},
		{filepath.Join(root, "a"), filepath.Join(root, "k8s")},
		{root, filepath.Join(root, "a", "b")},
	} {
		got := Take(roots, skip, keep)
		want := Snapshot{Roots: roots, Keep: keep}
		for _, r := range outermost(roots) {
			want.walkDir(r, r, skip, nil)
		}
		if !reflect.DeepEqual(got.Entries, want.Entries) {
			t.Errorf("roots %v: Take recorded\n%v\none walk records\n%v", roots, got.Entries, want.Entries)
		}
		if !reflect.DeepEqual(got.entered, want.entered) {
			t.Errorf("roots %v: Take entered %v, one walk %v", roots, got.entered, want.entered)
		}
		if len(got.Entries) < 10 {
			t.Errorf("roots %v: %d entries", roots, len(got.Entries))
		}
	}
}
