package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A manifest reached by two paths (its own and a symlink elsewhere in the
// tree) is read once,
// under its own path: its objects are in the model once, and the symlink
// is left out with a note naming the file read instead.
func TestManifestReadOnce(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"k8s/base/sa.yaml": "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: external-dns\n  namespace: kube-system\n",
	})
	must(t, os.MkdirAll(filepath.Join(root, "apps"), 0o755))
	must(t, os.Symlink(filepath.Join("..", "k8s", "base", "sa.yaml"), filepath.Join(root, "apps", "sa.yaml")))

	l, err := Load(Options{Paths: []string{root}, Cwd: root})
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, sa := range l.Input.Model.ServiceAccounts {
		files = append(files, sa.Range.File)
	}
	if strings.Join(files, ",") != "k8s/base/sa.yaml" {
		t.Errorf("service accounts read from %v (%d), want once from k8s/base/sa.yaml", files, len(l.Input.Model.ServiceAccounts))
	}
	noted := false
	for _, n := range l.Input.Notes {
		if n.Range.File == "apps/sa.yaml" && strings.HasSuffix(n.What, "k8s/base/sa.yaml") {
			noted = true
		}
	}
	if !noted {
		t.Errorf("no note for the symlink apps/sa.yaml naming k8s/base/sa.yaml: %+v", l.Input.Notes)
	}
}
