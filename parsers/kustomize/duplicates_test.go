package kustomize

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

// dupResource writes metadata.namespace twice.
const dupResource = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
  namespace: shop
  namespace: shop2
`

// TestKrustyRefusesDuplicateKeys pins kustomize's reading at the go.mod
// version: unlike Helm and kubectl apply, which keep the last value,
// kustomize refuses a resource that writes a key twice — krusty builds
// it, and writing the result (ResMap.AsYaml, what `kustomize build` and
// `kubectl apply -k` output) fails. Render must say so as an FL000
// diagnostic, not read the file last-wins.
func TestKrustyRefusesDuplicateKeys(t *testing.T) {
	fs := filesys.MakeFsInMemory()
	if err := fs.WriteFile("/app/kustomization.yaml", []byte("resources:\n  - deploy.yaml\n")); err != nil {
		t.Fatal(err)
	}
	if err := fs.WriteFile("/app/deploy.yaml", []byte(dupResource)); err != nil {
		t.Fatal(err)
	}
	m, err := krusty.MakeKustomizer(krusty.MakeDefaultOptions()).Run(fs, "/app")
	if err == nil {
		_, err = m.AsYaml()
	}
	if err == nil || !strings.Contains(err.Error(), "already defined") {
		t.Fatalf("krusty on a duplicate key: err = %v; if kustomize now accepts duplicates, read kustomize inputs last-wins and report them as FL003", err)
	}

	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "kustomization.yaml"), []byte("resources:\n  - deploy.yaml\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "deploy.yaml"), []byte(dupResource), 0o644); err != nil {
		t.Fatal(err)
	}
	_, diags, _ := Render(dir, Options{ScanRoot: dir})
	if len(diags) != 1 || !strings.Contains(diags[0].Summary+diags[0].Detail, "already defined") {
		t.Errorf("Render: diagnostics %v, want one FL000 naming the duplicate key", diags)
	}
}
