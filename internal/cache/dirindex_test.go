package cache

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/treefs"
)

// indexTree is a tree with what a walk meets: nested directories, a
// symlink to a file, to a directory and a dangling one, a .git directory
// and a directory Take lists without entering.
func indexTree(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	for _, f := range []string{
		"a/main.tf", "a/b/c/deep.yaml", "a/b/other.yaml", "k8s/kustomization.yaml", "k8s/sa.yaml",
		".git/HEAD", "node_modules/pkg/index.js", "z.txt", "empty/.keep",
	} {
		p := filepath.Join(root, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(f), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range map[string]string{"link-file": "z.txt", "a/link-dir": "../k8s", "dangling": "nowhere"} {
		if err := os.Symlink(target, filepath.Join(root, link)); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// walkLog is every call a walk made of fn, and what fn returned for
// the skip rules of a discovery-like walk.
func walkLog(t *testing.T, walk func(string, fs.WalkDirFunc) error, root string, skip func(p string, d fs.DirEntry) error) string {
	t.Helper()
	var b strings.Builder
	err := walk(root, func(p string, d fs.DirEntry, err error) error {
		rel, _ := filepath.Rel(root, p)
		typ := "nil"
		if d != nil {
			typ = fmt.Sprintf("%s %v %v", d.Name(), d.IsDir(), d.Type())
		}
		fmt.Fprintf(&b, "%s [%s] %v\n", rel, typ, err)
		if err != nil {
			return nil
		}
		return skip(p, d)
	})
	fmt.Fprintf(&b, "-> %v\n", err)
	return b.String()
}

// A walk over the snapshot's index makes the calls filepath.WalkDir makes,
// in order, whatever the callback skips — also into a directory the
// snapshot did not enter (read then) — and from a root below the
// snapshot's.
func TestDirIndexWalksAsWalkDir(t *testing.T) {
	root := indexTree(t)
	x := Take([]string{root}, func(name string) bool { return name == "node_modules" }, nil).Index()
	if x == nil {
		t.Fatal("no index of a readable tree")
	}
	skips := map[string]func(p string, d fs.DirEntry) error{
		"nothing": func(string, fs.DirEntry) error { return nil },
		"skip dirs": func(p string, d fs.DirEntry) error {
			if d.IsDir() && (d.Name() == ".git" || d.Name() == "b") {
				return filepath.SkipDir
			}
			return nil
		},
		"skip dir on a file": func(p string, d fs.DirEntry) error {
			if d.Name() == "kustomization.yaml" { // sa.yaml after it is skipped
				return filepath.SkipDir
			}
			return nil
		},
		"skip all": func(p string, d fs.DirEntry) error {
			if d.Name() == "deep.yaml" {
				return filepath.SkipAll
			}
			return nil
		},
		"an error": func(p string, d fs.DirEntry) error {
			if d.Name() == "sa.yaml" {
				return fs.ErrInvalid
			}
			return nil
		},
	}
	for name, skip := range skips {
		for _, from := range []string{root, filepath.Join(root, "a"), filepath.Join(root, "node_modules"), filepath.Join(root, "missing"), filepath.Join(root, "z.txt")} {
			want := walkLog(t, filepath.WalkDir, from, skip)
			if got := walkLog(t, x.WalkDir, from, skip); got != want {
				t.Errorf("%s from %s: the index's walk\n%s\nfilepath.WalkDir\n%s", name, from, got, want)
			}
		}
	}
	var nilIndex *DirIndex
	if got, want := walkLog(t, nilIndex.WalkDir, root, skips["nothing"]), walkLog(t, filepath.WalkDir, root, skips["nothing"]); got != want {
		t.Errorf("a nil index's walk\n%s\nwant\n%s", got, want)
	}
}

// The index lists what the snapshot saw: a file added since is not in a
// walk over it (the run's end sees the change), and a snapshot holding an
// entry it could not read gives no index.
func TestDirIndexIsTheSnapshots(t *testing.T) {
	root := indexTree(t)
	snap := Take([]string{root}, nil, nil)
	x := snap.Index()
	if err := os.WriteFile(filepath.Join(root, "a", "late.tf"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	log := walkLog(t, x.WalkDir, root, func(string, fs.DirEntry) error { return nil })
	if strings.Contains(log, "late.tf") || !strings.Contains(log, "main.tf") {
		t.Errorf("the index's walk is not the snapshot's tree:\n%s", log)
	}
	snap.Entries = append(snap.Entries, Entry{Path: filepath.Join(root, "a", "locked"), Kind: KindOther, Err: "permission denied"})
	if snap.Index() != nil {
		t.Error("an index of a snapshot with an unreadable entry")
	}
}

// TestDirIndexEntriesAreTheListings checks the index as a tree's listing
// (treefs.Listing): every directory the snapshot entered lists what
// os.ReadDir lists, each entry's ListedInfo has the mode and, for a file,
// the size os.Lstat gives; a directory it did not enter (node_modules,
// .git, one through a symlink, one missing) is not known.
func TestDirIndexEntriesAreTheListings(t *testing.T) {
	root := indexTree(t)
	x := Take([]string{root}, func(n string) bool { return n == "node_modules" }, nil).Index()
	entered := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if p != root && (d.Name() == ".git" || d.Name() == "node_modules") {
			if _, ok := x.Entries(p); ok {
				t.Errorf("%s: known, but the snapshot did not enter it", p)
			}
			return filepath.SkipDir
		}
		entered++
		got, ok := x.Entries(p)
		if !ok {
			t.Errorf("%s: entered but not known", p)
			return nil
		}
		want, err := os.ReadDir(p)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("%s: %d entries, os.ReadDir %d", p, len(got), len(want))
		}
		for i := range want {
			if got[i].Name() != want[i].Name() || got[i].Type() != want[i].Type() {
				t.Errorf("%s[%d] = %s %v, os.ReadDir %s %v", p, i, got[i].Name(), got[i].Type(), want[i].Name(), want[i].Type())
			}
			li, ok := got[i].(treefs.ListedInfo)
			if !ok {
				t.Fatalf("%s: entry %s knows no file information", p, got[i].Name())
			}
			info, st := li.ListedInfo(), lstat(t, filepath.Join(p, want[i].Name()))
			if info.Name() != st.Name() || info.Mode() != st.Mode() || (st.Mode().IsRegular() && info.Size() != st.Size()) {
				t.Errorf("%s: listed %s %v %d, lstat %s %v %d", filepath.Join(p, want[i].Name()), info.Name(), info.Mode(), info.Size(), st.Name(), st.Mode(), st.Size())
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if entered < 6 {
		t.Fatalf("only %d directories compared", entered)
	}
	for _, p := range []string{filepath.Join(root, "a", "link-dir"), filepath.Join(root, "missing")} {
		if _, ok := x.Entries(p); ok {
			t.Errorf("%s: known, but the snapshot did not enter it", p)
		}
	}
	var none *DirIndex
	if _, ok := none.Entries(root); ok {
		t.Error("a nil index knows a directory")
	}
}

func lstat(t *testing.T, p string) fs.FileInfo {
	t.Helper()
	st, err := os.Lstat(p)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestDirIndexRelease: a released index knows no directory, and a walk
// over it reads the tree itself.
func TestDirIndexRelease(t *testing.T) {
	root := indexTree(t)
	x := Take([]string{root}, nil, nil).Index()
	want := walkLog(t, filepath.WalkDir, root, func(string, fs.DirEntry) error { return nil })
	x.Release()
	if _, ok := x.Entries(root); ok {
		t.Error("a released index knows the root")
	}
	if got := walkLog(t, x.WalkDir, root, func(string, fs.DirEntry) error { return nil }); got != want {
		t.Errorf("a walk over a released index:\n%s\nfilepath.WalkDir:\n%s", got, want)
	}
	var none *DirIndex
	none.Release()
}
