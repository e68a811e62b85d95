package engine

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// TestModuleAboveScanRootOutsideGit: `faultline lint live/prod` in an
// exported tree (no git) follows `../../modules/nodes` as Terraform does,
// so the node group the module creates is in the model; a sibling
// directory nothing calls is not read.
func TestModuleAboveScanRootOutsideGit(t *testing.T) {
	root := t.TempDir() // under the system temp directory: not a git repository
	write(t, root, map[string]string{
		"live/prod/main.tf": `module "nodes" {
  source    = "../../modules/nodes"
  role_name = "prod-nodes"
}
`,
		"modules/nodes/main.tf": `variable "role_name" {}
resource "aws_iam_role" "this" {
  name = var.role_name
}
resource "aws_eks_node_group" "this" {
  cluster_name    = "prod"
  node_group_name = "general"
  node_role_arn   = aws_iam_role.this.arn
  subnet_ids      = ["subnet-1"]
}
`,
		"other/unrelated.yaml": "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: unrelated\n",
	})
	if repoRoot(root) != "" {
		t.Fatalf("%s is inside a git repository: this test needs a tree outside git", root)
	}
	// Without a root that holds it, the module is a note naming --root:
	// nothing a tree says widens what it may read.
	l, err := Load(Options{Paths: []string{filepath.Join("live", "prod")}, Cwd: root})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(l.Input.Model.NodeGroups); n != 0 {
		t.Fatalf("node groups = %d: the tree widened to the module above it", n)
	}
	if !hasNote(l.Input.Notes, "local source ../../modules/nodes not read: it lies above the tree's root (give --root DIR") {
		t.Errorf("no note naming --root: %v", l.Input.Notes)
	}
	if got := l.Tree.Roots(); len(got) != 1 || filepath.Base(got[0]) != "prod" {
		t.Errorf("tree roots = %v, want live/prod alone", got)
	}

	// With --root the module is read as Terraform reads it.
	l, err = Load(Options{Paths: []string{filepath.Join("live", "prod")}, Cwd: root, TreeRoot: root})
	if err != nil {
		t.Fatal(err)
	}
	m := l.Input.Model
	if len(m.NodeGroups) != 1 {
		t.Fatalf("node groups = %d, want the module's one; notes %v", len(m.NodeGroups), l.Input.Notes)
	}
	if got := m.NodeGroups[0].Base().Addr; got != "live/prod:module.nodes.aws_eks_node_group.this" {
		t.Errorf("node group address %q", got)
	}
	for _, n := range l.Input.Notes {
		if n.Kind == lint.Skipped {
			t.Errorf("unexpected skipped note: %s", n.What)
		}
	}
	if len(m.ServiceAccounts) != 0 {
		t.Errorf("a directory outside the scan root that nothing calls was read: %v", m.ServiceAccounts)
	}
}

func hasNote(notes []lint.Note, prefix string) bool {
	for _, n := range notes {
		if strings.HasPrefix(n.What, "module module.nodes: "+prefix) {
			return true
		}
	}
	return false
}

// TestRootMustHoldThePaths: --root that does not hold a path argument is
// an error before anything is read.
func TestRootMustHoldThePaths(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{"a/main.tf": "", "b/main.tf": ""})
	_, err := Locate([]string{filepath.Join(root, "b")}, root, filepath.Join(root, "a"))
	if err == nil || !strings.Contains(err.Error(), "does not hold") {
		t.Errorf("Locate = %v, want a --root that does not hold the path refused", err)
	}
	if _, err := Locate([]string{"a"}, root, "missing"); err == nil {
		t.Error("a missing --root was accepted")
	}
}

// TestFileArgumentsScanTheProject: file arguments scan the git top level
// whatever their order and whatever .faultline.hcl a directory below
// holds; outside git, the working directory when it holds them, else the
// directory holding them all.
func TestFileArgumentsScanTheProject(t *testing.T) {
	base := t.TempDir()
	repo := filepath.Join(base, "repo")
	write(t, repo, map[string]string{
		".git/HEAD":            "ref: refs/heads/main\n",
		".faultline.hcl":       "",
		"aaa/.faultline.hcl":   "# narrows nothing\n",
		"aaa/x.yaml":           "",
		"infra/karpenter.tf":   "",
		"elsewhere/a/b/c.yaml": "",
	})
	for _, order := range [][]string{{"aaa/x.yaml", "infra/karpenter.tf"}, {"infra/karpenter.tf", "aaa/x.yaml"}, {"aaa/x.yaml"}} {
		lay, err := Locate(order, repo, "")
		if err != nil {
			t.Fatal(err)
		}
		if lay.Repo != repo || lay.ConfigStart != repo || len(lay.Dirs) != 1 || lay.Dirs[0] != repo || lay.Root != repo {
			t.Errorf("%v: layout %+v, want the repository's top level throughout", order, lay)
		}
	}
	out := filepath.Join(base, "tarball")
	write(t, out, map[string]string{"k8s/a.yaml": "", "k8s/deep/b.yaml": ""})
	lay, err := Locate([]string{"k8s/deep/b.yaml", "k8s/a.yaml"}, out, "")
	if err != nil {
		t.Fatal(err)
	}
	if lay.Repo != "" || len(lay.Dirs) != 1 || lay.Dirs[0] != out {
		t.Errorf("outside git, from the project: %+v, want the working directory", lay)
	}
	lay, err = Locate([]string{filepath.Join(out, "k8s", "deep", "b.yaml"), filepath.Join(out, "k8s", "a.yaml")}, base+"/repo", "")
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(out, "k8s"); len(lay.Dirs) != 1 || lay.Dirs[0] != want {
		t.Errorf("outside git, from elsewhere: dirs %v, want %s (not the working directory)", lay.Dirs, want)
	}
}
