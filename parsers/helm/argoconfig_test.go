package helm

import (
	"fmt"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// Argo CD's kustomize build options are a command line: the load
// restriction is off only for --load-restrictor LoadRestrictionsNone, in
// either form, as an option of its own.
func TestLoadsFromAnywhere(t *testing.T) {
	for opts, want := range map[string]bool{
		"--load-restrictor LoadRestrictionsNone":                  true,
		"--enable-helm --load-restrictor=LoadRestrictionsNone":    true,
		"--load-restrictor LoadRestrictionsRootOnly":              false,
		"--load-restrictor":                                       false,
		"--enable-helm":                                           false,
		"--helm-command LoadRestrictionsNone --load-restrictor x": false,
		"": false,
	} {
		if got := loadsFromAnywhere(opts); got != want {
			t.Errorf("%q: %v, want %v", opts, got, want)
		}
	}
}

// The options come from argocd-cm, as a ConfigMap or as the argo-cd
// chart's configs.cm values; another ConfigMap or chart says nothing.
func TestArgoConfigLoadsFromAnywhere(t *testing.T) {
	doc := func(s string) *yaml.Node {
		var n yaml.Node
		if err := yaml.Unmarshal([]byte(s), &n); err != nil {
			t.Fatal(err)
		}
		return &n
	}
	cm := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: %s\ndata:\n  kustomize.buildOptions: --load-restrictor LoadRestrictionsNone\n"
	if !ArgoConfigMapLoadsFromAnywhere(doc(fmt.Sprintf(cm, "argocd-cm"))) {
		t.Error("argocd-cm: not read")
	}
	if ArgoConfigMapLoadsFromAnywhere(doc(fmt.Sprintf(cm, "settings"))) {
		t.Error("another ConfigMap read as argocd-cm")
	}
	values := map[string]any{"configs": map[string]any{"cm": map[string]any{"kustomize.buildOptions": "--load-restrictor LoadRestrictionsNone"}}}
	if !ArgoReleaseLoadsFromAnywhere(&lint.Release{Chart: "argo-cd", Values: values}) {
		t.Error("argo-cd release: not read")
	}
	if ArgoReleaseLoadsFromAnywhere(&lint.Release{Chart: "argo-workflows", Values: values}) {
		t.Error("another chart's values read as Argo CD's")
	}
}
