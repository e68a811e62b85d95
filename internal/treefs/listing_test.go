//go:build unix

package treefs

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// walkListing lists every directory reached from root through directories
// alone, as the cache's snapshot does (cache.DirIndex): entries sorted by
// name, each knowing its lstat'ed mode and size.
type walkListing map[string][]fs.DirEntry

type listedEntry struct {
	fs.DirEntry
	info ListedFileInfo
}

func (e listedEntry) ListedInfo() fs.FileInfo { return e.info }

func (w walkListing) Entries(dir string) ([]fs.DirEntry, bool) {
	l, ok := w[dir]
	return l, ok
}

func listTree(t *testing.T, root string) walkListing {
	t.Helper()
	w := walkListing{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		ents, err := os.ReadDir(p)
		if err != nil {
			return err
		}
		w[p] = []fs.DirEntry{}
		for _, e := range ents {
			info, err := e.Info()
			if err != nil {
				return err
			}
			size := info.Size()
			if info.IsDir() {
				size = 0
			}
			w[p] = append(w[p], listedEntry{e, ListedFileInfo{EntryName: e.Name(), EntryMode: info.Mode(), EntrySize: size}})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// TestListingAnswersAsTheDisk compares Stat and ReadDir of a tree given a
// walk's listing with the same tree reading the disk, path by path — files,
// directories, missing paths, symlinks inside and out, a path through a
// symlinked directory, paths outside the tree — and checks the listing
// really answered: a file removed after the walk is still there for it,
// and gone again once the listing is let go.
func TestListingAnswersAsTheDisk(t *testing.T) {
	root, outside := layout(t)
	write(t, filepath.Join(root, "live", "prod", "vars.tfvars"), "a = 1\n")
	must(t, os.Symlink(filepath.Join(root, "main.tf"), filepath.Join(root, "live", "link.tf")))
	must(t, os.Symlink(filepath.Join(outside, "mod"), filepath.Join(root, "live", "outmod")))
	must(t, os.Symlink(filepath.Join(root, "live", "prod"), filepath.Join(root, "prodlink")))
	must(t, os.Symlink(filepath.Join(root, "nowhere"), filepath.Join(root, "dangling")))

	disk := New([]string{root}, "")
	listed := New([]string{root}, "")
	// A listing wider than the tree (the walk entered outside/ too)
	// answers nothing outside it.
	wide := listTree(t, root)
	for d, ents := range listTree(t, outside) {
		wide[d] = ents
	}
	listed.UseListing(wide)
	view := listed.Observed(nopObserver{}) // views share the listing

	paths := append(probedPaths(root),
		filepath.Join(root, "live", "outmod", "main.tf"),
		filepath.Join(root, "dangling"),
		filepath.Join(root, "live", "..", "main.tf"),
		filepath.Join(outside, "secret.txt"),
		"main.tf",
	)
	for _, p := range paths {
		for _, tr := range []*Tree{listed, view} {
			want, werr := disk.Stat(p)
			got, gerr := tr.Stat(p)
			if !sameErr(gerr, werr) {
				t.Errorf("Stat(%s) error %v, the disk's %v", p, gerr, werr)
				continue
			}
			if werr == nil && (got.Name() != want.Name() || got.Mode() != want.Mode() || got.IsDir() != want.IsDir() ||
				(!want.IsDir() && got.Size() != want.Size())) {
				t.Errorf("Stat(%s) = %s %v %d, the disk's %s %v %d", p, got.Name(), got.Mode(), got.Size(), want.Name(), want.Mode(), want.Size())
			}
			wents, werr := disk.ReadDir(p)
			gents, gerr := tr.ReadDir(p)
			if !sameErr(gerr, werr) || !slices.Equal(names(gents), names(wents)) {
				t.Errorf("ReadDir(%s) = %v, %v; the disk's %v, %v", p, names(gents), gerr, names(wents), werr)
			}
			for i := range min(len(gents), len(wents)) {
				if gents[i].Type() != wents[i].Type() {
					t.Errorf("ReadDir(%s)[%d] type %v, the disk's %v", p, i, gents[i].Type(), wents[i].Type())
				}
			}
		}
	}

	gone := filepath.Join(root, "live", "prod", "vars.tfvars")
	must(t, os.Remove(gone))
	if !view.IsFile(gone) {
		t.Error("a file removed after the walk is gone for the listed tree: the listing did not answer")
	}
	if ents, _ := view.ReadDir(filepath.Dir(gone)); len(ents) != 1 {
		t.Errorf("ReadDir after the removal gives %v: the listing did not answer", names(ents))
	}
	listed.UseListing(nil)
	if view.IsFile(gone) {
		t.Error("the listing let go still answers")
	}
}

// probedPaths are paths of layout's tree, with the symlinks the listing
// tests add, that a tree answering from a listing must answer as the
// disk: files, directories, missing names and directories, a symlinked
// file and directories in and out of the tree.
func probedPaths(root string) []string {
	return []string{
		root,
		filepath.Join(root, "main.tf"),
		filepath.Join(root, "live"),
		filepath.Join(root, "live", "prod"),
		filepath.Join(root, "live", "prod", "vars.tfvars"),
		filepath.Join(root, "live", "prod", "missing.tf"),
		filepath.Join(root, "missing", "main.tf"),
		filepath.Join(root, "live", "link.tf"),
		filepath.Join(root, "live", "outmod"),
		filepath.Join(root, "prodlink", "vars.tfvars"),
	}
}

// nopObserver is an Observer that records nothing.
type nopObserver struct{}

func (nopObserver) FileRead(string, fs.FileInfo, []byte)   {}
func (nopObserver) DirListed(string, []fs.DirEntry, error) {}
func (nopObserver) PathProbed(string, fs.FileInfo, error)  {}

func sameErr(a, b error) bool {
	switch {
	case a == nil || b == nil:
		return a == b
	case errors.Is(b, fs.ErrNotExist):
		return errors.Is(a, fs.ErrNotExist)
	default:
		return a.Error() == b.Error()
	}
}

func names(ents []fs.DirEntry) []string {
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestRelBelowIsRelAndWithin checks the fast path of locate against
// filepath.Rel and Within on clean absolute paths.
func TestRelBelowIsRelAndWithin(t *testing.T) {
	paths := []string{"/", "/a", "/ab", "/a/b", "/a/b/c", "/a/bc", "/b", "/a/b/../c"}
	for _, anc := range paths {
		for _, p := range paths {
			anc, p := filepath.Clean(anc), filepath.Clean(p)
			rel, below, known := relBelow(anc, p)
			if !known {
				t.Fatalf("relBelow(%q, %q) not known", anc, p)
			}
			if w := Within(anc, p); below != w {
				t.Errorf("relBelow(%q, %q) below %v, Within %v", anc, p, below, w)
			}
			if want, _ := filepath.Rel(anc, p); below && rel != want {
				t.Errorf("relBelow(%q, %q) = %q, filepath.Rel %q", anc, p, rel, want)
			}
		}
	}
	if _, _, known := relBelow("a", "a/b"); known {
		t.Error("relative paths are decided by relBelow")
	}
}

// systemPath decides as Within does, on clean and unclean, absolute and
// relative paths.
func TestSystemPathIsWithin(t *testing.T) {
	paths := []string{"/", "/proc", "/proc/", "/proc/self/environ", "/procfs", "/pro", "/dev/null", "/devices", "/run/secrets/x",
		"/sys/../home/u", "/home/u/../../proc/1", "//proc/1", "/home/u/proc", "proc/1", "../proc", ".", ""}
	for _, p := range paths {
		want := false
		for _, d := range systemDirs {
			want = want || Within(d, p)
		}
		if got := systemPath(p); got != want {
			t.Errorf("systemPath(%q) = %v, Within says %v", p, got, want)
		}
	}
}
