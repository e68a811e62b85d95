package eval

import (
	"crypto/sha256"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/parsers/terraform/models"
)

// mapSyntax is a SyntaxCache in memory that counts what it did.
type mapSyntax struct {
	entries      map[[sha256.Size]byte][]byte
	loads, keeps int
}

func newMapSyntax() *mapSyntax { return &mapSyntax{entries: map[[sha256.Size]byte][]byte{}} }

func (c *mapSyntax) LoadSyntax(key [sha256.Size]byte) ([]byte, bool) {
	data, ok := c.entries[key]
	if ok {
		c.loads++
	}
	return data, ok
}

func (c *mapSyntax) KeepSyntax(key [sha256.Size]byte, data []byte) {
	c.keeps++
	c.entries[key] = data
}

// sameModule fails unless a module read back is the one parsed: every
// declaration, expression and range, its files, sources and diagnostics.
func sameModule(t *testing.T, what string, got, want *Module) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: the module read back differs from the one parsed", what)
	}
}

// A stand-in's trees are kept when it is first parsed and read back after:
// the module is the parsed one. A damaged entry is parsed again.
func TestStandInSyntaxKept(t *testing.T) {
	const dir = "terraform-aws-modules/eks/aws/_root/v20.0.0"
	parsed := loadEmbeddedModule(models.FS, dir, nil, nil)
	c := newMapSyntax()
	first := loadEmbeddedModule(models.FS, dir, nil, c)
	if c.keeps != 1 || c.loads != 0 {
		t.Fatalf("first load: %d kept, %d read back; want 1, 0", c.keeps, c.loads)
	}
	sameModule(t, "parsed with a cache", first, parsed)
	again := loadEmbeddedModule(models.FS, dir, nil, c)
	if c.loads != 1 || c.keeps != 1 {
		t.Fatalf("second load: %d read back, %d kept; want 1, 1", c.loads, c.keeps)
	}
	sameModule(t, "read back", again, parsed)

	for key, data := range c.entries {
		c.entries[key] = data[:len(data)/2]
	}
	damaged := loadEmbeddedModule(models.FS, dir, nil, c)
	if c.keeps != 2 {
		t.Errorf("a damaged entry was not parsed and kept again (%d kept)", c.keeps)
	}
	sameModule(t, "after a damaged entry", damaged, parsed)
}

// A directory of the tree is kept by its files' names and contents: a
// second load reads it back, a copy elsewhere shares the entry (its
// ranges in its own files), and an edit of the same size is parsed anew.
func TestTreeSyntaxKept(t *testing.T) {
	files := map[string]string{
		"a/main.tf":     "variable \"name\" {\n  default = \"aaaa\"\n}\n\nresource \"aws_iam_role\" \"r\" {\n  name = var.name\n}\n",
		"a/override.tf": "variable \"name\" {\n  default = \"cccc\"\n}\n",
	}
	files["b/main.tf"], files["b/override.tf"] = files["a/main.tf"], files["a/override.tf"]
	root := writeTree(t, files)
	tree := treefs.New([]string{root}, "")
	c := newMapSyntax()
	load := func(dir string, sc SyntaxCache) *Module { return loadModule(tree, filepath.Join(root, dir), sc) }

	sameModule(t, "parsed with a cache", load("a", c), load("a", nil))
	if c.keeps != 1 {
		t.Fatalf("%d entries kept, want 1", c.keeps)
	}
	sameModule(t, "read back", load("a", c), load("a", nil))
	sameModule(t, "a copy read back", load("b", c), load("b", nil))
	if c.loads != 2 || c.keeps != 1 {
		t.Fatalf("%d read back, %d kept; want 2, 1", c.loads, c.keeps)
	}

	if err := os.WriteFile(filepath.Join(root, "a", "override.tf"), []byte("variable \"name\" {\n  default = \"dddd\"\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	edited := load("a", c)
	if c.keeps != 2 {
		t.Errorf("an edited directory was read back, not parsed (%d kept)", c.keeps)
	}
	sameModule(t, "edited", edited, load("a", nil))
}

// A directory holding a JSON file, a file that does not parse or one the
// tree would not read is parsed on every run, never kept: its
// diagnostics are reported each time.
func TestSyntaxNotKept(t *testing.T) {
	root := writeTree(t, map[string]string{
		"json/main.tf":       "locals {\n  a = 1\n}\n",
		"json/extra.tf.json": `{"locals": {"b": 2}}`,
		"broken/main.tf":     "locals {\n  a = (\n}\n",
	})
	tree := treefs.New([]string{root}, "")
	for _, dir := range []string{"json", "broken"} {
		c := newMapSyntax()
		for range 2 {
			m := loadModule(tree, filepath.Join(root, dir), c)
			sameModule(t, dir, m, loadModule(tree, filepath.Join(root, dir), nil))
		}
		if c.keeps != 0 || c.loads != 0 {
			t.Errorf("%s: %d kept, %d read back; want none", dir, c.keeps, c.loads)
		}
	}
}
