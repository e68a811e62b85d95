package helm

import (
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// argoBuildOptionsKey is the argocd-cm key holding the options Argo CD
// passes to `kustomize build` for every kustomization it deploys.
const argoBuildOptionsKey = "kustomize.buildOptions"

// loadsFromAnywhere reports whether kustomize build options (as argocd-cm
// writes them, one command line) turn off kustomize's load restriction:
// --load-restrictor LoadRestrictionsNone, or =LoadRestrictionsNone.
func loadsFromAnywhere(buildOptions string) bool {
	args := strings.Fields(buildOptions)
	for i, a := range args {
		v, ok := strings.CutPrefix(a, "--load-restrictor=")
		if !ok && a == "--load-restrictor" && i+1 < len(args) {
			v, ok = args[i+1], true
		}
		if ok && v == "LoadRestrictionsNone" {
			return true
		}
	}
	return false
}

// ArgoConfigMapLoadsFromAnywhere reports whether a document is Argo CD's
// argocd-cm ConfigMap configuring kustomize builds without the load
// restriction: a kustomization Argo CD deploys then reads files outside
// its directory, as Flux's kustomize-controller does.
func ArgoConfigMapLoadsFromAnywhere(doc *yaml.Node) bool {
	top := body(doc)
	if str(at(top, "apiVersion")) != "v1" || str(at(top, "kind")) != "ConfigMap" || str(at(top, "metadata", "name")) != "argocd-cm" {
		return false
	}
	return loadsFromAnywhere(str(at(top, "data", argoBuildOptionsKey)))
}

// ArgoReleaseLoadsFromAnywhere reports the same of a release of the
// argo-cd chart, whose values write argocd-cm's data under configs.cm.
func ArgoReleaseLoadsFromAnywhere(r *lint.Release) bool {
	if r == nil || r.ChartName() != "argo-cd" {
		return false
	}
	v, ok := getPath(r.Values, "configs", "cm", argoBuildOptionsKey)
	s, isText := v.(string)
	return ok && isText && loadsFromAnywhere(s)
}
