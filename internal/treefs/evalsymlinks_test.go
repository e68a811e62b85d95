//go:build unix

package treefs

import (
	"os"
	"path/filepath"
	"testing"
)

// symlinkLayout adds to layout's tree the links a repository holds: a
// relative link to a directory, links to files (relative, absolute, a
// chain of two), a link out of the tree, a dangling link and a loop.
func symlinkLayout(t *testing.T) (root, outside string) {
	t.Helper()
	root, outside = layout(t)
	must(t, os.MkdirAll(filepath.Join(root, "base", "deep", "deeper"), 0o755))
	write(t, filepath.Join(root, "base", "deep", "deeper", "app.yaml"), "kind: ConfigMap\n")
	must(t, os.Symlink("base/deep", filepath.Join(root, "overlay")))
	must(t, os.Symlink("deeper/app.yaml", filepath.Join(root, "base", "deep", "rel.yaml")))
	must(t, os.Symlink(filepath.Join(root, "base", "deep", "deeper", "app.yaml"), filepath.Join(root, "base", "abs.yaml")))
	must(t, os.Symlink("abs.yaml", filepath.Join(root, "base", "chain.yaml")))
	must(t, os.Symlink(filepath.Join(outside, "mod"), filepath.Join(root, "outmod")))
	must(t, os.Symlink("nowhere", filepath.Join(root, "dangling")))
	must(t, os.Symlink("loop2", filepath.Join(root, "loop1")))
	must(t, os.Symlink("loop1", filepath.Join(root, "loop2")))
	return root, outside
}

// Tree.EvalSymlinks answers as filepath.EvalSymlinks — the same path, or
// the same error — for files, directories, links of every kind, paths
// through a linked directory, missing paths, a file taken for a
// directory and relative paths, asked twice (the second time from what
// the first memoised), by a tree and by a nil tree.
func TestEvalSymlinksAsFilepath(t *testing.T) {
	root, outside := symlinkLayout(t)
	paths := []string{
		"/",
		root,
		filepath.Join(root, "main.tf"),
		filepath.Join(root, "base", "deep", "deeper", "app.yaml"),
		filepath.Join(root, "base", "deep", "deeper"),
		filepath.Join(root, "base", "deep", "rel.yaml"),
		filepath.Join(root, "base", "abs.yaml"),
		filepath.Join(root, "base", "chain.yaml"),
		filepath.Join(root, "overlay"),
		filepath.Join(root, "overlay", "deeper", "app.yaml"),
		filepath.Join(root, "overlay", "rel.yaml"),
		filepath.Join(root, "outmod"),
		filepath.Join(root, "outmod", "main.tf"),
		filepath.Join(outside, "secret.txt"),
		filepath.Join(root, "dangling"),
		filepath.Join(root, "loop1"),
		filepath.Join(root, "loop1", "x"),
		filepath.Join(root, "base", "missing.yaml"),
		filepath.Join(root, "missing", "deeper", "app.yaml"),
		filepath.Join(root, "main.tf", "x"),
		filepath.Join(root, "base", "deep", "deeper") + "/",
		filepath.Join(root, "base", "..", "overlay", "rel.yaml"),
		"base/deep",
		".",
	}
	t.Chdir(root)
	for _, tr := range []*Tree{New([]string{root}, ""), nil} {
		for round := 0; round < 2; round++ {
			for _, p := range paths {
				want, werr := filepath.EvalSymlinks(p)
				got, gerr := tr.EvalSymlinks(p)
				if got != want || (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() {
					t.Errorf("round %d, nil tree %v: EvalSymlinks(%s) = %q, %v; filepath's %q, %v", round, tr == nil, p, got, gerr, want, werr)
				}
			}
		}
	}
}

// A directory, once resolved, is answered from memory for the rest of the
// run (a run reads its tree as one state; a tree changed while it was
// read is not kept): a file below a directory replaced by a link since
// resolves where the directory was. A file is not memoised, nor is a
// path that did not exist.
func TestEvalSymlinksMemoisesDirectories(t *testing.T) {
	root, _ := symlinkLayout(t)
	tr := New([]string{root}, "")
	dir := filepath.Join(root, "base", "deep", "deeper")
	file := filepath.Join(dir, "app.yaml")
	missing := filepath.Join(root, "later")
	first, err := filepath.EvalSymlinks(file)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := tr.EvalSymlinks(file); err != nil || got != first {
		t.Fatalf("EvalSymlinks(%s) = %q, %v; want %q", file, got, err, first)
	}
	if _, err := tr.EvalSymlinks(missing); err == nil {
		t.Fatalf("EvalSymlinks(%s) found a missing path", missing)
	}
	moved := filepath.Join(root, "moved")
	must(t, os.Rename(dir, moved))
	must(t, os.Symlink(moved, dir))
	must(t, os.Mkdir(missing, 0o755))
	if got, err := tr.EvalSymlinks(file); err != nil || got != first {
		t.Errorf("below a memoised directory: %q, %v; want %q as first resolved", got, err, first)
	}
	now, err := filepath.EvalSymlinks(missing)
	if got, gerr := tr.EvalSymlinks(missing); err != nil || gerr != nil || got != now {
		t.Errorf("a path missing at first: %q, %v; want %q", got, gerr, now)
	}
	followed, err := filepath.EvalSymlinks(file)
	if fresh, ferr := New([]string{root}, "").EvalSymlinks(file); err != nil || ferr != nil || fresh != followed || fresh == first {
		t.Errorf("a new tree: %q, %v; want the link followed to %q", fresh, ferr, followed)
	}
}
