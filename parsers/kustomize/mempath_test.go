package kustomize

import (
	"path/filepath"
	"strings"
	"testing"
)

// A checkout can live anywhere: a CI workspace "job@2", a directory with a
// space or a "+". kyaml's in-memory filesystem refuses those characters, so
// the path faultline gives it must not carry them.
func TestOverlayUnderAnUnusualCheckoutPath(t *testing.T) {
	for _, name := range []string{"job@2", "team+infra", "my repos", "100%", "_x_6162"} {
		t.Run(name, func(t *testing.T) {
			root := filepath.Join(t.TempDir(), name)
			files(t, root, map[string]string{
				"deploy/base/kustomization.yaml":  "resources:\n  - nodeclass.yaml\n",
				"deploy/base/nodeclass.yaml":      nodeClass,
				"deploy/prod/kustomization.yaml":  "resources:\n  - ../base\n  - missing.yaml\n",
				"deploy/stage/kustomization.yaml": "resources:\n  - ../base\n",
			})
			r, diags, _ := renderBounded(t, root, "deploy/stage", Options{})
			if len(diags) != 0 || !strings.Contains(string(r.Content), "KarpenterNodeRole-base") {
				t.Fatalf("stage did not render: %v\n%s", diags, r.Content)
			}
			// An error names the file as it is on disk, not as stored.
			_, diags, _ = renderBounded(t, root, "deploy/prod", Options{})
			if len(diags) != 1 || !strings.Contains(diags[0].Detail, "deploy/prod/missing.yaml") || strings.Contains(diags[0].Detail, escMark) {
				t.Errorf("missing resource: %+v", diags)
			}
		})
	}
}

func TestMemComponentRoundTrip(t *testing.T) {
	for _, c := range []string{"plain", "a+b", "job@2", "with space", "_x_41", "é", ""} {
		m := memComponent(c)
		if strings.IndexFunc(m, unsafeForMemFS) >= 0 {
			t.Errorf("memComponent(%q) = %q holds a character kyaml refuses", c, m)
		}
		if got := diskComponent(m); got != c {
			t.Errorf("diskComponent(memComponent(%q)) = %q", c, got)
		}
	}
}
