package krustyfloor

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/engine"
)

// write lays files out under dir.
func write(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

const deployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: web
          image: registry.example.org/web:1.0.0
`

// fixture is a tree of a base, a Component, two overlays of the base (one
// with the Component), an overlay naming a file that is not there, one
// naming a remote base and a plain manifest: faultline builds the four
// overlays, not the base or the Component.
var fixture = map[string]string{
	"base/kustomization.yaml":            "resources:\n  - deployment.yaml\n",
	"base/deployment.yaml":               deployment,
	"components/team/kustomization.yaml": "apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\nlabels:\n  - pairs:\n      team: platform\n",
	"overlays/dev/kustomization.yaml":    "namePrefix: dev-\nresources:\n  - ../../base\nimages:\n  - name: registry.example.org/web\n    newTag: \"2.0.0\"\n",
	"overlays/prod/kustomization.yaml":   "namePrefix: prod-\nresources:\n  - ../../base\ncomponents:\n  - ../../components/team\n",
	"overlays/broken/kustomization.yaml": "resources:\n  - ../../base\n  - missing.yaml\n",
	"overlays/remote/kustomization.yaml": "resources:\n  - https://github.com/example/apps//web?ref=v1.0.0\n",
	"manifests/namespace.yaml":           "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: web\n",
}

// The krusty floor builds exactly the roots a faultline run of the same
// tree builds (as many as its kustomize stage reports, and the overlays,
// not the base or the Component), builds them as kustomize would, says
// which failed, and leaves the one naming a remote base unbuilt.
func TestKrustyFloorBuildsFaultlinesRoots(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, fixture)
	builds, err := Builds(dir, ".")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, b := range builds {
		rel, _ := filepath.Rel(dir, b.Dir)
		got = append(got, filepath.ToSlash(rel))
	}
	want := []string{"overlays/broken", "overlays/dev", "overlays/prod", "overlays/remote"}
	if !slices.Equal(got, want) {
		t.Errorf("roots %v, want %v", got, want)
	}
	l, err := engine.Load(engine.Options{Paths: []string{"."}, Cwd: dir})
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(l.Stages, func(s engine.Stage) bool { return s.Name == "kustomize" })
	if i < 0 || l.Stages[i].Count != len(builds) {
		t.Errorf("faultline's stages %+v: want a kustomize stage of %d kustomizations", l.Stages, len(builds))
	}

	r := Build(builds)
	if r.Built != 2 {
		t.Errorf("built %d, want 2 (dev, prod): %+v", r.Built, r)
	}
	if len(r.Failed) != 1 || !strings.HasSuffix(r.Failed[0].Dir, filepath.FromSlash("overlays/broken")) || !strings.Contains(r.Failed[0].Error, "missing.yaml") {
		t.Errorf("failed %+v, want overlays/broken, for missing.yaml", r.Failed)
	}
	if len(r.Remote) != 1 || !strings.HasSuffix(r.Remote[0], filepath.FromSlash("overlays/remote")) {
		t.Errorf("remote %v, want overlays/remote", r.Remote)
	}
	if r.Bytes == 0 || r.Wall <= 0 {
		t.Errorf("bytes %d, wall %v: the builds put nothing out", r.Bytes, r.Wall)
	}
}

// A .faultline.hcl that excludes a directory keeps its kustomizations
// out of the floor, as it keeps them out of faultline's run.
func TestKrustyFloorAppliesConfig(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, fixture)
	write(t, dir, map[string]string{".faultline.hcl": "exclude = [\"overlays/prod\"]\n"})
	builds, err := Builds(dir, ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range builds {
		if strings.HasSuffix(b.Dir, filepath.FromSlash("overlays/prod")) {
			t.Errorf("excluded overlay built: %+v", builds)
		}
	}
	if len(builds) != 3 {
		t.Errorf("%d roots, want 3 (%+v)", len(builds), builds)
	}
}
