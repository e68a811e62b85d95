package extract

import (
	"github.com/faultline-dev/faultline/lint"
)

// fluxOverride reads a flux_bootstrap_git's kustomization_override. Flux
// bootstrap writes that text as the kustomization of the flux-system
// directory under the resource's path, beside the gotk-components.yaml
// and gotk-sync.yaml it generates there; a file() or templatefile() call
// reading it from the tree reads Terraform's data, not an overlay of the
// tree. The file is marked read as rendered only, so it is neither a
// manifest nor a kustomization built where it is written, and a note at
// the argument says so.
func (x *extraction) fluxOverride(local string) {
	a := x.attr(nil, "kustomization_override")
	if a == nil {
		return
	}
	f := x.mi.TemplatePath(x.mi.LocalExpr(a.Expr), "file", "templatefile")
	if f == "" {
		return
	}
	x.e.Templates = append(x.e.Templates, f)
	x.e.Notes = append(x.e.Notes, lint.Note{
		Kind:  lint.Skipped,
		What:  x.mi.Label(local) + ": kustomization_override reads " + x.e.Session.Rel(f) + ", the kustomization Flux bootstrap writes into the flux-system directory of its path beside the manifests it generates; it is not built where it is written",
		Range: x.e.Session.Rng(a.Range),
	})
}
