package terragrunt

import (
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
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

// TestExtraArgumentsVarFiles: the variables files and variables
// extra_arguments pass a plan, in Terragrunt's order — the included
// blocks, then the unit's; in each its -var-file and -var arguments as
// written, its required files, its optional files that exist — a block
// for other commands left out, a block of the same name replacing the
// included one; what cannot be read is a note.
func TestExtraArgumentsVarFiles(t *testing.T) {
	l := loadTree(t, "extraargs")
	passed := func(u terraform.Unit) []string {
		var out []string
		for _, p := range u.Passed {
			if p.File != "" {
				out = append(out, p.File)
			} else {
				out = append(out, p.Name+"="+p.Value)
			}
		}
		return out
	}
	a := l.unit(t, "live/a")
	want := []string{l.abs("common.tfvars"), l.abs("live/a/local.tfvars"), "size=5", "zone=b", l.abs("live/a/present.tfvars")}
	if got := passed(a); !slices.Equal(got, want) {
		t.Errorf("live/a passes %v, want %v", got, want)
	}
	b := l.unit(t, "live/b")
	if len(b.Passed) != 0 {
		t.Errorf("live/b passes %v, want none", passed(b))
	}
	notes := func(u terraform.Unit) string {
		var s []string
		for _, n := range u.Notes {
			s = append(s, n.What)
		}
		return strings.Join(s, "\n")
	}
	for _, w := range []string{"passes variables file live/b/gone.tfvars, which does not exist", "../up.tfvars is relative to Terragrunt's working copy"} {
		if !strings.Contains(notes(b), w) {
			t.Errorf("live/b notes %q lack %q", notes(b), w)
		}
	}
	if c := l.unit(t, "live/c"); len(c.Passed) != 0 || !strings.Contains(notes(c), "required_var_files is unknown") {
		t.Errorf("live/c: passes %v, notes %q", passed(c), notes(c))
	}
}
