package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// stagedRepo is a repository whose one commit has a managed node group
// (infra/nodegroup.tf) on the role a Karpenter EC2NodeClass also names:
// the FL101 chain is already there, committed.
func stagedRepo(t *testing.T) string {
	t.Helper()
	requireTool(t, "git")
	dir := fixture(t, map[string]string{
		"infra/role.tf":            baseInfra,
		"infra/nodegroup.tf":       baseNodeGroup,
		"k8s/karpenter/class.yaml": baseNodeClass,
		"k8s/apps/settings.yaml":   "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  level: info\n",
	})
	gitIn(t, dir, "init", "-q", "-b", "main")
	gitIn(t, dir, "add", "-A")
	gitIn(t, dir, "commit", "-q", "-m", "one")
	return dir
}

func TestStagedDeletion(t *testing.T) {
	dir := stagedRepo(t)
	lint := func(env map[string]string) (int, string, string) {
		return run(t, dir, env, "lint", "--no-color", "--staged", "--")
	}

	// Nothing staged: the committed FL101 chain touches no staged file.
	if code, out, stderr := lint(nil); code != exitOK || !strings.Contains(out, "no problems found") {
		t.Errorf("nothing staged: exit %d, want 0\n%s\n%s", code, out, stderr)
	}

	// Only the deletion is staged: no file the hook could be given is
	// left, yet FL301 is reported at the surviving EC2NodeClass.
	gitIn(t, dir, "rm", "-q", "infra/nodegroup.tf")
	code, out, stderr := lint(nil)
	if code != exitFindings || !strings.Contains(out, "FL301") || !strings.Contains(out, "k8s/karpenter/class.yaml") {
		t.Errorf("node group deletion staged: exit %d, want %d with FL301 at the EC2NodeClass\n%s\n%s", code, exitFindings, out, stderr)
	}
	if !strings.Contains(out, "infra/nodegroup.tf") {
		t.Errorf("FL301 does not name the deleted file:\n%s", out)
	}
	// --base HEAD says the same of the same work tree.
	if code, base, _ := run(t, dir, nil, "lint", "--no-color", "--base", "HEAD", "--changed", "--"); code != exitFindings || base != out {
		t.Errorf("--base HEAD --changed: exit %d, output differs from --staged:\n%s\nwant:\n%s", code, base, out)
	}
	// An unrelated staged change beside it changes nothing.
	writeFileT(t, filepath.Join(dir, "k8s", "apps", "settings.yaml"), "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  level: debug\n", 0o644)
	gitIn(t, dir, "add", "k8s/apps/settings.yaml")
	if code, out2, _ := lint(nil); code != exitFindings || !strings.Contains(out2, "FL301") {
		t.Errorf("deletion and an unrelated change staged: exit %d\n%s", code, out2)
	}

	// The deletion not staged: the work tree is not the commit.
	gitIn(t, dir, "reset", "-q", "--", "infra/nodegroup.tf")
	code, out, stderr = lint(nil)
	if code != exitError || !strings.Contains(stderr, "unstaged changes in infra/nodegroup.tf") || !strings.Contains(stderr, "git stash push --keep-index") {
		t.Errorf("unstaged deletion: exit %d, want %d naming the file\n%s\n%s", code, exitError, out, stderr)
	}

	// GIT_INDEX_FILE (git commit -a, git commit PATH) names the index
	// the commit is made from: there, the deletion is staged.
	index := filepath.Join(t.TempDir(), "index")
	gitIndex(t, dir, index, "read-tree", "HEAD")
	gitIndex(t, dir, index, "rm", "-q", "--cached", "infra/nodegroup.tf")
	gitIndex(t, dir, index, "add", "k8s/apps/settings.yaml")
	if code, out, stderr := lint(map[string]string{"GIT_INDEX_FILE": index}); code != exitFindings || !strings.Contains(out, "FL301") {
		t.Errorf("GIT_INDEX_FILE with the deletion: exit %d, want %d with FL301\n%s\n%s", code, exitFindings, out, stderr)
	}

	// Committed: nothing is staged any more.
	gitIn(t, dir, "rm", "-q", "infra/nodegroup.tf")
	gitIn(t, dir, "commit", "-q", "-m", "two")
	if code, out, stderr := lint(nil); code != exitOK {
		t.Errorf("after the commit: exit %d, want 0\n%s\n%s", code, out, stderr)
	}
	if st := gitIn(t, dir, "status", "--porcelain"); st != "" {
		t.Errorf("the work tree or index changed:\n%s", st)
	}
}

func TestStagedFirstCommit(t *testing.T) {
	requireTool(t, "git")
	dir := fixture(t, map[string]string{
		"infra/main.tf":            baseInfra + baseNodeGroup,
		"k8s/karpenter/class.yaml": baseNodeClass,
	})
	gitIn(t, dir, "init", "-q", "-b", "main")
	if code, out, stderr := run(t, dir, nil, "lint", "--staged", "--"); code != exitOK {
		t.Errorf("nothing staged before the first commit: exit %d\n%s\n%s", code, out, stderr)
	}
	gitIn(t, dir, "add", "-A")
	if code, out, stderr := run(t, dir, nil, "lint", "--staged", "--"); code != exitFindings || !strings.Contains(out, "FL101") {
		t.Errorf("first commit staged: exit %d, want %d with FL101\n%s\n%s", code, exitFindings, out, stderr)
	}
}

func TestStagedErrors(t *testing.T) {
	dir := stagedRepo(t)
	if code, _, stderr := run(t, dir, nil, "lint", "--staged", "--base", "main"); code != exitError || !strings.Contains(stderr, "takes no --base") {
		t.Errorf("--staged --base: exit %d\n%s", code, stderr)
	}
	if code, _, stderr := run(t, t.TempDir(), nil, "lint", "--staged"); code != exitError || !strings.Contains(stderr, "not a git repository") {
		t.Errorf("--staged outside git: exit %d\n%s", code, stderr)
	}
}

// gitIndex runs git on another index file, as git does for the hooks of
// `git commit -a`.
func gitIndex(t *testing.T, dir, index string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1", "GIT_INDEX_FILE="+index)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// With the cache, the base revision is exported once under its commit and
// its Terraform roots are kept from run to run, like the work tree's; the
// output is what --no-cache prints.
func TestStagedKeepsBaseRoots(t *testing.T) {
	dir := stagedRepo(t)
	gitIn(t, dir, "rm", "-q", "infra/nodegroup.tf")
	cacheDir := t.TempDir()
	_, want, _ := run(t, dir, nil, "lint", "--no-color", "--no-cache", "--staged", "--")
	if !strings.Contains(want, "FL301") {
		t.Fatalf("the staged deletion gives no FL301: the test proves nothing\n%s", want)
	}
	for i := range 2 {
		code, out, stderr := run(t, dir, nil, "lint", "--no-color", "--verbose", "--cache-dir", cacheDir, "--staged", "--")
		if code != exitFindings || out != want {
			t.Errorf("run %d: exit %d, output differs from --no-cache:\n%s\nwant:\n%s", i+1, code, out, want)
		}
		wantBase := "base revision: terraform roots: 0 kept, 1 evaluated"
		if i == 1 {
			wantBase = "base revision: terraform roots: 1 kept, 0 evaluated"
		}
		if !strings.Contains(stderr, wantBase) {
			t.Errorf("run %d: --verbose does not say %q:\n%s", i+1, wantBase, stderr)
		}
	}
	ents, err := os.ReadDir(filepath.Join(cacheDir, "exports"))
	if err != nil || len(ents) != 1 {
		t.Errorf("exports: %v, %v; want the one commit", ents, err)
	}
}
