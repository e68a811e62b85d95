//go:build unix

package treefs

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
)

// recordingObserver records the directories listed through a view.
type recordingObserver struct {
	nopObserver
	mu     sync.Mutex
	listed []string
}

func (o *recordingObserver) DirListed(dir string, _ []fs.DirEntry, _ error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.listed = append(o.listed, dir)
}

// A tree using a Memo answers as the disk at first (every path of
// TestListingAnswersAsTheDisk, through the tree and a view), then lists a
// directory it listed before from memory — for every view, each view's
// observers still told of each listing — and a name missing from it is
// missing (one in it is stat'ed on the disk); what it never listed still
// comes from the disk, and once the memo is let go every answer is the
// disk's again.
func TestMemoAnswersAsFirstListed(t *testing.T) {
	root, outside := layout(t)
	write(t, filepath.Join(root, "live", "prod", "vars.tfvars"), "a = 1\n")
	must(t, os.Symlink(filepath.Join(root, "main.tf"), filepath.Join(root, "live", "link.tf")))
	must(t, os.Symlink(filepath.Join(outside, "mod"), filepath.Join(root, "live", "outmod")))
	must(t, os.Symlink(filepath.Join(root, "live", "prod"), filepath.Join(root, "prodlink")))
	must(t, os.MkdirAll(filepath.Join(root, "deep", "inner"), 0o755))

	disk := New([]string{root}, "")
	memo := NewMemo()
	tr := New([]string{root}, "")
	tr.UseListing(memo)
	obs := &recordingObserver{}
	view := tr.Observed(obs)

	paths := append(probedPaths(root),
		filepath.Join(root, "prodlink"),
		filepath.Join(outside, "mod"),
		"live",
	)
	for round := 0; round < 2; round++ { // the second round is answered from memory
		for _, p := range paths {
			for _, v := range []*Tree{tr, view} {
				wents, werr := disk.ReadDir(p)
				gents, gerr := v.ReadDir(p)
				if !sameErr(gerr, werr) || !slices.Equal(names(gents), names(wents)) {
					t.Errorf("round %d: ReadDir(%s) = %v, %v; the disk's %v, %v", round, p, names(gents), gerr, names(wents), werr)
				}
				want, werr := disk.Stat(p)
				got, gerr := v.Stat(p)
				if !sameErr(gerr, werr) || werr == nil && (got.Mode() != want.Mode() || !want.IsDir() && got.Size() != want.Size()) {
					t.Errorf("round %d: Stat(%s) = %v, %v; the disk's %v, %v", round, p, got, gerr, want, werr)
				}
			}
		}
	}
	if memo.Len() == 0 {
		t.Fatal("nothing kept")
	}
	hits := memo.Hits()
	if hits <= 0 {
		t.Fatal("no listing answered from memory in the second round")
	}
	if _, ok := memo.Entries(filepath.Join(root, "absent")); ok || memo.Hits() != hits {
		t.Errorf("a directory never listed was answered (%v) or counted (%d hits, %d before)", ok, memo.Hits(), hits)
	}
	if _, ok := memo.Entries("live"); ok {
		t.Error("a relative path was kept")
	}
	if _, ok := memo.Entries(filepath.Join(outside, "mod")); ok {
		t.Error("a directory outside the tree was kept")
	}

	prod := filepath.Join(root, "live", "prod")
	gone, added := filepath.Join(prod, "vars.tfvars"), filepath.Join(prod, "new.tfvars")
	must(t, os.Remove(gone))
	write(t, added, "b = 2\n")
	obs.listed = nil
	ents, err := view.ReadDir(prod)
	if err != nil || !slices.Equal(names(ents), []string{"vars.tfvars"}) {
		t.Errorf("ReadDir after the change = %v, %v: not the first listing", names(ents), err)
	}
	if !slices.Equal(obs.listed, []string{prod}) {
		t.Errorf("the view's observer was told of %v, want the listing of %s", obs.listed, prod)
	}
	if view.IsFile(added) {
		t.Error("a name missing from the first listing of its directory is there")
	}
	if view.IsFile(gone) {
		t.Error("a name in the first listing is not stat'ed on the disk")
	}
	// The caller owns what it is given, the first listing's too.
	first, err := tr.ReadDir(filepath.Join(root, "deep"))
	if err != nil || len(first) != 1 {
		t.Fatalf("ReadDir(deep) = %v, %v", names(first), err)
	}
	first[0] = nil
	if again, _ := tr.ReadDir(filepath.Join(root, "deep")); len(again) != 1 || again[0] == nil {
		t.Error("a caller's change reached the memo")
	}
	unlisted := filepath.Join(root, "deep", "inner")
	write(t, filepath.Join(unlisted, "new.tf"), "")
	if !view.IsFile(filepath.Join(unlisted, "new.tf")) {
		t.Error("a path in a directory the memo never listed is not stat'ed on the disk")
	}

	tr.UseListing(nil)
	if !view.IsFile(added) {
		t.Error("the memo let go still answers")
	}
	if ents, _ := view.ReadDir(prod); !slices.Equal(names(ents), []string{"new.tfvars"}) {
		t.Errorf("ReadDir with the memo let go = %v", names(ents))
	}
}
