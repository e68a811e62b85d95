package engine

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

const baseRole = `resource "aws_iam_role" "nodes" {
  name = "demo-nodes"
}
`

const baseNodeGroup = `
resource "aws_eks_node_group" "system" {
  cluster_name    = "demo"
  node_group_name = "system"
  node_role_arn   = aws_iam_role.nodes.arn
}
`

const xpNodeGroup = `apiVersion: eks.aws.upbound.io/v1beta1
kind: NodeGroup
metadata:
  name: prod-system
spec:
  deletionPolicy: Orphan
  forProvider:
    region: us-east-1
    clusterName: prod
    nodeRoleArnRef:
      name: prod-node-role
`

// loadBase writes base/ and head/ trees and loads head/ compared with base/.
func loadBase(t *testing.T, base, head map[string]string) []*lint.Change {
	t.Helper()
	root := t.TempDir()
	write(t, filepath.Join(root, "base"), base)
	write(t, filepath.Join(root, "head"), head)
	l, err := Load(Options{Paths: []string{filepath.Join(root, "head")}, Cwd: root, RelTo: root, BaseDir: filepath.Join(root, "base"), BaseRev: "main"})
	must(t, err)
	for _, c := range l.Input.Model.Changes {
		t.Logf("change %s %s at %s", c.Action, c.Address, c.Range)
	}
	return l.Input.Model.Changes
}

func TestBaseTerraformDeletion(t *testing.T) {
	cs := loadBase(t,
		map[string]string{"infra/main.tf": baseRole + baseNodeGroup},
		map[string]string{"infra/main.tf": baseRole})
	if len(cs) != 1 {
		t.Fatalf("want 1 change, got %d", len(cs))
	}
	c := cs[0]
	if c.Action != lint.ActionDelete || c.Origin != "base" || c.Before.Base().Kind != lint.KindNodeGroup {
		t.Errorf("change = %+v", c)
	}
	if c.Address != "aws_eks_node_group.system (at base main)" {
		t.Errorf("address = %q", c.Address)
	}
	if c.Range.File != "head/infra/main.tf" || c.Range.Line != 5 {
		t.Errorf("range = %v, want head/infra/main.tf:5", c.Range)
	}
}

func TestBaseCrossplaneOrphanDeletion(t *testing.T) {
	cs := loadBase(t,
		map[string]string{"xp/nodegroups.yaml": xpNodeGroup, "xp/other.yaml": "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: a\n  namespace: b\n"},
		map[string]string{"xp/other.yaml": "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: a\n  namespace: b\n"})
	var found *lint.Change
	for _, c := range cs {
		if c.Before.Base().Crossplane != nil {
			found = c
		} else {
			t.Errorf("unexpected change %s %s", c.Action, c.Address)
		}
	}
	if found == nil {
		t.Fatalf("no change for the Crossplane node group: %v", cs)
	}
	if found.Action != lint.ActionDelete || !found.Before.Base().Crossplane.Orphans() {
		t.Errorf("change = %+v, orphans %v", found, found.Before.Base().Crossplane.Orphans())
	}
	if found.Range.File != "head/xp/nodegroups.yaml" {
		t.Errorf("range = %v", found.Range)
	}
}

func TestBaseRenamedFileIsNoChange(t *testing.T) {
	cs := loadBase(t,
		map[string]string{"xp/nodegroups.yaml": xpNodeGroup, "infra/main.tf": baseRole},
		map[string]string{"crossplane/eks/system.yaml": xpNodeGroup, "infra/main.tf": baseRole})
	if len(cs) != 0 {
		t.Errorf("want no change, got %d", len(cs))
	}
}

func TestBaseRoleRenameIsReplacement(t *testing.T) {
	cs := loadBase(t,
		map[string]string{"infra/main.tf": baseRole},
		map[string]string{"infra/main.tf": strings.Replace(baseRole, "demo-nodes", "demo-nodes-v2", 1)})
	if len(cs) != 1 || cs[0].Action != lint.ActionReplace || cs[0].Before.Base().Kind != lint.KindRole {
		t.Fatalf("want one role replacement, got %v", cs)
	}
	if n, _ := cs[0].Before.Base().Name.Str(); n != "demo-nodes" {
		t.Errorf("Before name = %q, want the base name", n)
	}
}

func TestBaseCrossplaneExternalNameIsReplacement(t *testing.T) {
	withName := func(n string) string {
		return strings.Replace(xpNodeGroup, "  name: prod-system\n", "  name: prod-system\n  annotations:\n    crossplane.io/external-name: "+n+"\n", 1)
	}
	cs := loadBase(t,
		map[string]string{"xp/ng.yaml": withName("system-a")},
		map[string]string{"xp/ng.yaml": withName("system-b")})
	if len(cs) != 1 || cs[0].Action != lint.ActionReplace {
		t.Fatalf("want one replacement, got %v", cs)
	}
}

func TestBaseMovedBlockIsNoChange(t *testing.T) {
	moved := baseRole + strings.Replace(baseNodeGroup, `"system"`+" {", `"core"`+" {", 1) + `
moved {
  from = aws_eks_node_group.system
  to   = aws_eks_node_group.core
}
`
	cs := loadBase(t,
		map[string]string{"infra/main.tf": baseRole + baseNodeGroup},
		map[string]string{"infra/main.tf": moved})
	if len(cs) != 0 {
		t.Errorf("want no change, got %d", len(cs))
	}
}

func TestBaseRemovedBlockForgets(t *testing.T) {
	cs := loadBase(t,
		map[string]string{"infra/main.tf": baseRole + baseNodeGroup},
		map[string]string{"infra/main.tf": baseRole + `
removed {
  from = aws_eks_node_group.system
  lifecycle {
    destroy = false
  }
}
`})
	if len(cs) != 1 || cs[0].Action != lint.ActionForget {
		t.Fatalf("want one forget, got %v", cs)
	}
}

func TestBaseNewDirectoryHasNoBase(t *testing.T) {
	root := t.TempDir()
	write(t, filepath.Join(root, "head"), map[string]string{"infra/main.tf": baseRole})
	write(t, filepath.Join(root, "base"), map[string]string{"other/x.tf": baseRole})
	l, err := Load(Options{Paths: []string{filepath.Join(root, "head", "infra")}, Cwd: root, BaseDir: filepath.Join(root, "base"), BaseRoot: filepath.Join(root, "head")})
	must(t, err)
	if n := len(l.Input.Model.Changes); n != 0 {
		t.Errorf("want no change, got %d", n)
	}
}
