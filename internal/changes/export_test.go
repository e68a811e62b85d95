package changes

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestExportWritesTheRevisionOnly(t *testing.T) {
	isolate(t)
	dir := newRepo(t, map[string]string{
		"infra/main.tf":  "resource \"aws_iam_role\" \"a\" {}\n",
		"k8s/app.yaml":   "kind: ServiceAccount\n",
		".gitattributes": "k8s/** export-ignore\n",
	})
	if err := os.Symlink("../infra/main.tf", filepath.Join(dir, "k8s", "link.tf")); err != nil {
		t.Fatal(err)
	}
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "two")
	// Work tree changes after the commit are not exported.
	write(t, dir, "infra/main.tf", "changed\n")
	write(t, dir, "new.yaml", "new\n")

	rev, err := ResolveBase(dir, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	dst := t.TempDir()
	if err := Export(rev.Root, rev.Commit, dst); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(dst, "infra", "main.tf")); err != nil || string(b) != "resource \"aws_iam_role\" \"a\" {}\n" {
		t.Errorf("infra/main.tf = %q, %v", b, err)
	}
	// export-ignore does not hide files (git archive would).
	if _, err := os.Stat(filepath.Join(dst, "k8s", "app.yaml")); err != nil {
		t.Errorf("k8s/app.yaml: %v", err)
	}
	if target, err := os.Readlink(filepath.Join(dst, "k8s", "link.tf")); err != nil || target != "../infra/main.tf" {
		t.Errorf("link = %q, %v", target, err)
	}
	if _, err := os.Stat(filepath.Join(dst, "new.yaml")); err == nil {
		t.Error("an untracked file was exported")
	}
}

func TestResolveBaseErrors(t *testing.T) {
	isolate(t)
	if _, err := ResolveBase(t.TempDir(), "main"); !errors.Is(err, ErrNotRepository) {
		t.Errorf("plain directory: %v", err)
	}
	dir := newRepo(t, map[string]string{"a.tf": "x"})
	if _, err := ResolveBase(dir, "nope"); !errors.Is(err, ErrUnknownRevision) {
		t.Errorf("unknown revision: %v", err)
	}
}
