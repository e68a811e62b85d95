package cache

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/faultline-dev/faultline/internal/treefs"
)

// What a unit read through its observed view is unchanged until a file it
// read changes, a directory it listed gains an entry or has a symlink
// pointed elsewhere, or a path it probed appears.
func TestInputsCheck(t *testing.T) {
	root := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(root, "mod"), 0o755))
	must(os.WriteFile(filepath.Join(root, "mod", "main.tf"), []byte("a"), 0o644))
	must(os.WriteFile(filepath.Join(root, "one.json"), []byte("1"), 0o644))
	must(os.WriteFile(filepath.Join(root, "two.json"), []byte("2"), 0o644))
	must(os.Symlink("one.json", filepath.Join(root, "mod", "data.json")))
	tree := treefs.New([]string{root}, "")

	record := func() InputRecord {
		t.Helper()
		in := NewInputs()
		v := tree.Observed(in)
		if _, err := v.ReadFile(filepath.Join(root, "mod", "main.tf"), 1<<20); err != nil {
			t.Fatal(err)
		}
		if _, err := v.ReadDir(filepath.Join(root, "mod")); err != nil {
			t.Fatal(err)
		}
		v.IsFile(filepath.Join(root, "mod", "terraform.tfvars"))
		if why := in.Unstable(); why != "" {
			t.Fatal(why)
		}
		return in.Record()
	}
	check := func(what string, rec InputRecord, want bool) {
		t.Helper()
		if same, _ := rec.Check(tree); same != want {
			t.Errorf("%s: unchanged = %v, want %v", what, same, want)
		}
	}
	rec := record()
	if len(rec.Files) != 1 || len(rec.Dirs) != 1 || len(rec.Probes) != 1 {
		t.Fatalf("recorded %d files, %d listings, %d probes; want 1 each", len(rec.Files), len(rec.Dirs), len(rec.Probes))
	}
	check("nothing changed", rec, true)

	must(os.WriteFile(filepath.Join(root, "mod", "main.tf"), []byte("b"), 0o644))
	check("file read edited (same size)", rec, false)
	rec = record()

	must(os.Remove(filepath.Join(root, "mod", "data.json")))
	must(os.Symlink("two.json", filepath.Join(root, "mod", "data.json")))
	check("symlink in a listed directory pointed elsewhere", rec, false)
	rec = record()

	must(os.WriteFile(filepath.Join(root, "mod", "extra.tf"), nil, 0o644))
	check("file added to a listed directory", rec, false)
	must(os.Remove(filepath.Join(root, "mod", "extra.tf")))
	check("file taken away again", rec, true)

	must(os.WriteFile(filepath.Join(root, "mod", "terraform.tfvars"), nil, 0o644))
	check("probed path appeared", rec, false)
}

// A path two records saw differently cannot be merged into one record.
func TestMergeConflict(t *testing.T) {
	a := InputRecord{Probes: []Probe{{Path: "/x", Kind: "file"}}}
	b := InputRecord{Probes: []Probe{{Path: "/x", Kind: "missing"}}}
	if _, ok := Merge(a, a); !ok {
		t.Error("a record merged with itself conflicts")
	}
	if _, ok := Merge(a, b); ok {
		t.Error("two kinds of one path merged")
	}
}

// A file read through a symlink (a root's provider.tf linked from a
// shared directory) is hashed through the link when its stat cannot be
// trusted (written just before it was read): unchanged while its target
// is, changed once the link leads out of the tree, even to the same
// content.
func TestCheckerHashesThroughSymlink(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(root, "shared"), 0o755))
	must(os.MkdirAll(filepath.Join(root, "vpc"), 0o755))
	must(os.WriteFile(filepath.Join(root, "shared", "provider.tf"), []byte("provider \"aws\" {}\n"), 0o644))
	must(os.WriteFile(filepath.Join(outside, "provider.tf"), []byte("provider \"aws\" {}\n"), 0o644))
	link := filepath.Join(root, "vpc", "provider.tf")
	must(os.Symlink("../shared/provider.tf", link))
	tree := treefs.New([]string{root}, "")
	in := NewInputs()
	if _, err := tree.Observed(in).ReadFile(link, 1<<20); err != nil {
		t.Fatal(err)
	}
	rec := in.Record()
	if len(rec.Files) != 1 || !rec.Files[0].Racy {
		t.Fatalf("recorded %+v; want one racy read (written just now)", rec.Files)
	}
	if same, _ := rec.Check(tree); !same {
		t.Error("a file read through a symlink, unchanged, is taken as changed")
	}
	must(os.Remove(link))
	must(os.Symlink(filepath.Join(outside, "provider.tf"), link))
	if same, _ := rec.Check(tree); same {
		t.Error("a symlink now leading out of the tree, to the same content, is taken as unchanged")
	}
}

// A directory listed through a symlink is unchanged only while the link
// leads where it led: pointed at another directory with the same entries,
// it is another input.
func TestListingThroughARepointedLink(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"a", "b"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, d, "main.tf"), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(root, "mod")
	if err := os.Symlink("a", link); err != nil {
		t.Fatal(err)
	}
	tree := treefs.New([]string{root}, "")
	in := NewInputs()
	if _, err := tree.Observed(in).ReadDir(link); err != nil {
		t.Fatal(err)
	}
	rec := in.Record()
	if same, _ := rec.Check(treefs.New([]string{root}, "")); !same {
		t.Fatal("nothing changed, and the listing is taken as changed")
	}
	if err := os.Remove(link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("b", link); err != nil {
		t.Fatal(err)
	}
	if same, _ := rec.Check(treefs.New([]string{root}, "")); same {
		t.Error("a listing through a link pointed at another directory with the same entries is taken as unchanged")
	}
}
