package terraform

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
)

// sharedTree writes a directory of shared files, each linked into one of
// two component directories (as terrahub's include directory is); files
// are written relative to a temporary directory, links maps a link to the
// file it names (relative to the link's directory).
func sharedTree(t *testing.T, files, links map[string]string) (string, []string) {
	t.Helper()
	dir := t.TempDir()
	seen := map[string]bool{}
	var dirs []string
	add := func(p string) {
		if d := filepath.Dir(filepath.Join(dir, p)); !seen[d] {
			seen[d] = true
			dirs = append(dirs, d)
		}
	}
	for p, text := range files {
		must := filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(must), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(must, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		add(p)
	}
	for link, target := range links {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Skipf("symbolic links: %v", err)
		}
		add(link)
	}
	return dir, dirs
}

func loadShared(dir string, dirs []string) Result {
	rel := func(p string) string {
		r, _ := filepath.Rel(dir, p)
		return filepath.ToSlash(r)
	}
	return Load(dirs, Options{Root: dir, Tree: treefs.New([]string{dir}, ""), Rel: rel})
}

const sharedBase = "data \"aws_region\" \"this\" {}\ndata \"aws_caller_identity\" \"this\" {}\n"

// A directory whose every configuration file the component directories
// link to is no root module: its two files, each declaring the same data
// sources for the components linking it, are never read together, so no
// duplicate is reported; a note says why it is not a root.
func TestSharedDirectoryIsNoRoot(t *testing.T) {
	dir, dirs := sharedTree(t, map[string]string{
		"iac/aws.global.tf":  sharedBase,
		"iac/aws.k8s.tf":     sharedBase + "data \"aws_eks_cluster\" \"this\" { name = \"edge\" }\n",
		"iac/queue/main.tf":  "resource \"aws_sqs_queue\" \"q\" { name = \"q-${data.aws_region.this.name}\" }\n",
		"iac/ns/main.tf":     "output \"endpoint\" { value = data.aws_eks_cluster.this.endpoint }\n",
		"iac/README.md":      "shared files\n",
		"iac/queue/notes.md": "\n",
	}, map[string]string{
		"iac/queue/aws.global.tf": "../aws.global.tf",
		"iac/ns/aws.k8s.tf":       "../aws.k8s.tf",
	})
	res := loadShared(dir, dirs)
	for _, d := range res.Diagnostics {
		t.Errorf("diagnostic %s: %s", d.Range, d.Summary)
	}
	var roots []string
	for _, r := range res.Roots {
		roots = append(roots, filepath.ToSlash(strings.TrimPrefix(r, dir+string(filepath.Separator))))
	}
	if strings.Join(roots, " ") != "iac/ns iac/queue" {
		t.Errorf("roots %v, want the two components", roots)
	}
	var note *lint.Note
	for i, n := range res.Notes {
		if n.Range.File == "iac" {
			note = &res.Notes[i]
		}
	}
	if note == nil || note.Kind != lint.Skipped || !strings.Contains(note.What, "(iac/ns, iac/queue)") {
		t.Errorf("note %+v, want a skipped note naming the linking directories", note)
	}
}

// A directory one of whose files no other directory links to is a root
// as before, and reports what is wrong in it.
func TestDirectoryWithOwnFileIsRoot(t *testing.T) {
	dir, dirs := sharedTree(t, map[string]string{
		"iac/aws.global.tf": sharedBase,
		"iac/aws.k8s.tf":    sharedBase,
		"iac/queue/main.tf": "resource \"aws_sqs_queue\" \"q\" { name = \"q\" }\n",
	}, map[string]string{
		"iac/queue/aws.global.tf": "../aws.global.tf",
	})
	res := loadShared(dir, dirs)
	dup := false
	for _, d := range res.Diagnostics {
		dup = dup || strings.HasPrefix(d.Summary, "Duplicate data")
	}
	if !dup {
		t.Errorf("diagnostics %v, want the duplicate data source of the root iac", res.Diagnostics)
	}
}
