package engine

import (
	"path/filepath"
	"testing"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
)

// A directory holding only OpenTofu files (.tofu, .tofu.json) is a
// Terraform root like any other.
func TestDiscoveryTofuOnlyRoot(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"tofu/main.tofu":       "resource \"aws_iam_role\" \"nodes\" {\n  name = \"nodes\"\n}\n",
		"json/main.tofu.json":  `{"resource": {"aws_iam_role": {"pods": {"name": "pods"}}}}`,
		"tests/x.tofutest.hcl": "run \"plan\" {\n  command = plan\n}\n",
	})
	l, err := Load(Options{Paths: []string{root}, Cwd: root})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(l.Input.Model.Roles); n != 2 {
		t.Errorf("roles = %d, want 2 (one from each OpenTofu-only root)", n)
	}
}

// The moves a base lends are read from .tofu files too, and not from a
// .tf file its .tofu twin replaces.
func TestReadMovesTofu(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		"main.tf":    "moved {\n  from = aws_iam_role.old\n  to   = aws_iam_role.stale\n}\n",
		"main.tofu":  "moved {\n  from = aws_iam_role.old\n  to   = aws_iam_role.nodes\n}\n",
		"other.tofu": "removed {\n  from = aws_iam_role.gone\n}\n",
	})
	mv := readMoves(treefs.New([]string{dir}, ""), []string{dir}, func(p string) string { r, _ := filepath.Rel(dir, p); return r })
	rm := mv["."]
	if rm == nil || len(rm.moved) != 1 || rm.moved[0].to != "aws_iam_role.nodes" || len(rm.removed) != 1 {
		t.Errorf("moves = %+v, want main.tofu's move and other.tofu's removal", rm)
	}
}

// A removed block without lifecycle { destroy } destroys under Terraform
// and forgets under OpenTofu: in a directory holding .tofu files, which
// only OpenTofu runs whole, a .tf file's block forgets too; one that
// writes destroy keeps it.
func TestRemovedDefaultInTofuDirectory(t *testing.T) {
	rel := func(dir string) func(string) string {
		return func(p string) string { r, _ := filepath.Rel(dir, p); return r }
	}
	acts := func(files map[string]string) map[string]lint.ChangeAction {
		dir := t.TempDir()
		write(t, dir, files)
		out := map[string]lint.ChangeAction{}
		for _, r := range readMoves(treefs.New([]string{dir}, ""), []string{dir}, rel(dir))["."].removed {
			out[r.from] = r.act
		}
		return out
	}
	removed := "removed {\n  from = aws_eks_node_group.core\n}\nremoved {\n  from = aws_iam_role.old\n  lifecycle {\n    destroy = true\n  }\n}\n"
	got := acts(map[string]string{"nodes.tf": removed, "cluster.tofu": "resource \"aws_iam_role\" \"nodes\" {\n  name = \"nodes\"\n}\n"})
	if got["aws_eks_node_group.core"] != lint.ActionForget || got["aws_iam_role.old"] != lint.ActionDelete {
		t.Errorf("with .tofu files beside it: %v, want the node group forgotten, the role (destroy = true) deleted", got)
	}
	if got := acts(map[string]string{"nodes.tf": removed}); got["aws_eks_node_group.core"] != lint.ActionDelete {
		t.Errorf("a Terraform directory: %v, want the node group deleted", got)
	}
}
