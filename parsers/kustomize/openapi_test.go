package kustomize

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A kustomization may bring its own OpenAPI schema (`openapi: {path: …}`),
// which kustomize keeps in a process-wide global. faultline builds many
// roots in one process: a schema one root brings must not change how the
// next root's strategic-merge patches merge (a schema without Deployment
// makes the containers list replaced instead of merged by name, losing
// the base's image).
func TestCustomOpenAPIDoesNotLeakIntoLaterBuilds(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"crds-only/kustomization.yaml": "openapi:\n  path: schema.json\nresources:\n  - widget.yaml\n",
		"crds-only/schema.json":        `{"definitions": {"io.example.v1.Widget": {"type": "object", "x-kubernetes-group-version-kind": [{"group": "example.io", "kind": "Widget", "version": "v1"}]}}}`,
		"crds-only/widget.yaml":        "apiVersion: example.io/v1\nkind: Widget\nmetadata:\n  name: w\n",
		"web/base/kustomization.yaml":  "resources:\n  - deploy.yaml\n",
		"web/base/deploy.yaml": `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  template:
    spec:
      containers:
        - name: web
          image: registry.example.com/web:1.4.0
`,
		"web/prod/kustomization.yaml": "resources:\n  - ../base\npatches:\n  - path: limits.yaml\n",
		"web/prod/limits.yaml": `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  template:
    spec:
      containers:
        - name: web
          resources:
            limits:
              memory: 512Mi
`,
	}
	for p, c := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	opts := Options{ScanRoot: root}
	if _, diags, _ := Render(filepath.Join(root, "crds-only"), opts); len(diags) > 0 {
		t.Fatalf("crds-only: %v", diags)
	}
	out, diags, _ := Render(filepath.Join(root, "web", "prod"), opts)
	if len(diags) > 0 {
		t.Fatalf("web/prod: %v", diags)
	}
	if !strings.Contains(string(out.Content), "image: registry.example.com/web:1.4.0") || !strings.Contains(string(out.Content), "memory: 512Mi") {
		t.Errorf("the patch did not merge into the base's container after a root with its own schema:\n%s", out.Content)
	}
}
