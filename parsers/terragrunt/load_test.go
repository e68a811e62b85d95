package terragrunt

import (
	"io/fs"
	"path/filepath"
	"testing"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform"
)

// live is the fixture tree: a scan root as a user would check it out.
type live struct {
	root  string
	holes *lint.Holes
	res   Result
	// ld is the loader, for its counters.
	ld *loader
}

// loadLive loads the live fixture tree.
func loadLive(t *testing.T) *live {
	t.Helper()
	return loadTree(t, "live")
}

// loadTree loads every terragrunt.hcl and terragrunt.stack.hcl of
// testdata/<name>.
func loadTree(t *testing.T, name string) *live {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (d.Name() == unitFile || d.Name() == stackFile) {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	h := lint.NewHoles()
	ld := load(files, Options{Root: root, Tree: treefs.New([]string{root}, ""), Holes: h, Rel: func(p string) string {
		r, _ := filepath.Rel(root, p)
		return filepath.ToSlash(r)
	}})
	return &live{root: root, holes: h, res: ld.res, ld: ld}
}

// unit returns the unit at dir (relative to the fixture root).
func (l *live) unit(t *testing.T, dir string) terraform.Unit {
	t.Helper()
	abs := filepath.Join(l.root, dir)
	for _, u := range l.res.Units {
		if u.Dir == abs {
			return u
		}
	}
	t.Fatalf("no unit at %s", dir)
	return terraform.Unit{}
}

func (l *live) abs(p string) string { return filepath.Join(l.root, p) }
