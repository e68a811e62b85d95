package engine

import (
	"path/filepath"
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
	l, err := Load(Options{Paths: []string{filepath.Join("live", "prod")}, Cwd: root})
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
