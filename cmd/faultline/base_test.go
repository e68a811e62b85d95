package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const baseInfra = `resource "aws_iam_role" "nodes" {
  name = "prod-nodes"
}
`

const baseNodeGroup = `
resource "aws_eks_node_group" "system" {
  cluster_name    = "prod"
  node_group_name = "system"
  node_role_arn   = aws_iam_role.nodes.arn
}
`

const baseNodeClass = `apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata:
  name: default
spec:
  role: prod-nodes
  amiSelectorTerms:
    - alias: al2023@latest
`

// baseRepo is a repository whose last commit deletes a managed node group
// whose role Karpenter's nodes share.
func baseRepo(t *testing.T) string {
	t.Helper()
	requireTool(t, "git")
	dir := fixture(t, map[string]string{
		"infra/main.tf":            baseInfra + baseNodeGroup,
		"k8s/karpenter/class.yaml": baseNodeClass,
	})
	gitIn(t, dir, "init", "-q", "-b", "main")
	gitIn(t, dir, "add", "-A")
	gitIn(t, dir, "commit", "-q", "-m", "one")
	if err := os.WriteFile(filepath.Join(dir, "infra", "main.tf"), []byte(baseInfra), 0o644); err != nil {
		t.Fatal(err)
	}
	// A renamed file is neither a deletion nor a replacement.
	gitIn(t, dir, "mv", "k8s/karpenter/class.yaml", "k8s/karpenter/nodeclass.yaml")
	gitIn(t, dir, "commit", "-q", "-am", "two")
	return dir
}

func TestBaseRevisionDeletion(t *testing.T) {
	dir := baseRepo(t)
	code, out, stderr := run(t, dir, nil, "lint", "--verbose", "--base", "HEAD~1", ".")
	if code != 1 || !strings.Contains(out, "FL301") {
		t.Errorf("exit %d, want 1 with FL301\n%s\n%s", code, out, stderr)
	}
	if !strings.Contains(stderr, "change (base): delete aws_eks_node_group.system (at base HEAD~1) at infra/main.tf:") {
		t.Errorf("verbose output does not list the deletion:\n%s", stderr)
	}
	if n := strings.Count(stderr, "change (base)"); n != 1 {
		t.Errorf("the renamed file counts as a change:\n%s", stderr)
	}
	// Nothing changed since HEAD: nothing to report.
	if code, out, stderr := run(t, dir, nil, "lint", "--base", "HEAD", "."); code != 0 {
		t.Errorf("--base HEAD: exit %d\n%s\n%s", code, out, stderr)
	}
	// With --changed, and from a subdirectory.
	if code, out, stderr := run(t, filepath.Join(dir, "infra"), nil, "lint", "--base", "HEAD~1", "--changed", ".."); code != 1 || !strings.Contains(out, "FL301") {
		t.Errorf("--changed --base: exit %d\n%s\n%s", code, out, stderr)
	}
	// The work tree is untouched.
	if st := gitIn(t, dir, "status", "--porcelain"); st != "" {
		t.Errorf("work tree changed:\n%s", st)
	}
}

func TestBaseRevisionErrors(t *testing.T) {
	requireTool(t, "git")
	plain := fixture(t, map[string]string{"infra/main.tf": baseInfra})
	if code, _, stderr := run(t, plain, nil, "lint", "--base", "main", "."); code != 2 || !strings.Contains(stderr, "not a git repository") {
		t.Errorf("not a repository: exit %d %s", code, stderr)
	}
	dir := baseRepo(t)
	if code, _, stderr := run(t, dir, nil, "lint", "--base", "no-such-branch", "."); code != 2 || !strings.Contains(stderr, "unknown revision") {
		t.Errorf("unknown revision: exit %d %s", code, stderr)
	}
	// A shallow clone without the base revision says to fetch it.
	clone := filepath.Join(t.TempDir(), "clone")
	gitIn(t, dir, "clone", "-q", "--depth", "1", "file://"+dir, clone)
	if code, _, stderr := run(t, clone, nil, "lint", "--base", "HEAD~1", "."); code != 2 || !strings.Contains(stderr, "fetch-depth: 0") {
		t.Errorf("shallow: exit %d %s", code, stderr)
	}
}
