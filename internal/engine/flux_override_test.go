package engine

import (
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// TestFluxBootstrapOverrideNotBuilt: the kustomization a
// flux_bootstrap_git's kustomization_override reads with file() is the
// text Flux bootstrap writes beside the manifests it generates, so the
// entries it lists are not in the tree and it is not built where it
// stands: no FL000, a skipped note at the argument. A kustomization
// beside it that nothing reads as data is still built.
func TestFluxBootstrapOverrideNotBuilt(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"infra/flux.tf": `resource "flux_bootstrap_git" "cluster" {
  path = "clusters/staging"

  kustomization_override = file("${path.module}/flux-system/kustomization.yaml")
}
`,
		"infra/flux-system/kustomization.yaml": `apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
resources:
  - gotk-components.yaml
  - gotk-sync.yaml
patches:
  - target:
      kind: Deployment
      name: kustomize-controller
    patch: |
      - op: add
        path: /spec/template/spec/containers/0/args/-
        value: --concurrent=8
`,
		"apps/kustomization.yaml": "resources:\n  - account.yaml\n",
		"apps/account.yaml":       "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: web\n  namespace: shop\n",
	})
	l, err := Load(Options{Paths: []string{root}, Cwd: root, RelTo: root})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Input.Diagnostics) != 0 {
		t.Errorf("diagnostics %v: the override is not an overlay of the tree", l.Input.Diagnostics)
	}
	var noted bool
	for _, n := range l.Input.Notes {
		if n.Kind == lint.Skipped && strings.HasPrefix(n.What, "flux_bootstrap_git.cluster: kustomization_override reads infra/flux-system/kustomization.yaml") {
			noted = n.Range.File == "infra/flux.tf" && n.Range.Line == 4
		}
	}
	if !noted {
		t.Errorf("no skipped note at infra/flux.tf:4: %v", l.Input.Notes)
	}
	if n := len(l.Input.Model.ServiceAccounts); n != 1 {
		t.Errorf("service accounts = %d, want the other kustomization's one", n)
	}
}
