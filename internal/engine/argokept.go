package engine

import (
	"fmt"
	"path"
	"strings"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/helm"
)

// Argo CD deletes an object whose manifest leaves an Application's
// directory only when the Application prunes (syncPolicy.automated.prune:
// true); otherwise the object stays, out of sync. An Application deleted
// without Argo CD's resources finalizer goes alone: what it applied
// stays. A deletion --base finds in a directory such an Application
// applied at the base revision is therefore a forget, not a delete.

// delivery is a helm.Delivery with its directories as ranges name them.
type delivery struct {
	dirs             []string
	recurse          bool
	name, label      string
	prunes, cascades bool
}

// relDeliveries are ds with their directories made relative by rel.
func relDeliveries(ds []helm.Delivery, rel func(string) string) []delivery {
	out := make([]delivery, 0, len(ds))
	for _, d := range ds {
		x := delivery{recurse: d.Recurse, name: d.Name, label: d.Label, prunes: d.Prunes, cascades: d.Cascades}
		for _, dir := range d.Dirs {
			x.dirs = append(x.dirs, rel(dir))
		}
		out = append(out, x)
	}
	return out
}

// deliveryOf is the Application applying file (as ranges name it): the
// one whose directory holds it nearest; false when none does, or two at
// that depth are different Applications.
func deliveryOf(ds []delivery, file string) (delivery, bool) {
	dir := path.Dir(file)
	var best delivery
	depth, clash := -1, false
	for _, d := range ds {
		for _, x := range d.dirs {
			if dir != x && !(d.recurse && (x == "." || len(dir) > len(x) && dir[:len(x)] == x && dir[len(x)] == '/')) {
				continue
			}
			switch {
			case len(x) > depth:
				best, depth, clash = d, len(x), false
			case len(x) == depth && d.name != best.name:
				clash = true
			}
		}
	}
	return best, depth >= 0 && !clash
}

// inUnbuilt reports whether file (as ranges name it) is one a
// kustomization that does not build now names, or lies in its directory
// or one it names, or below them:
// nothing is applied from such a build (Argo CD syncs nothing, kubectl
// apply -k fails first), so what it held at the base is not deleted.
func inUnbuilt(unbuilt []string, file string) bool {
	dir := path.Dir(file)
	for _, u := range unbuilt {
		if file == u || dir == u || u == "." || strings.HasPrefix(dir, u+"/") {
			return true
		}
	}
	return false
}

// argoKept says why Argo CD leaves in place an object of the base
// revision whose manifest is gone ("" when it deletes it, or no
// Application applied it): the Application that applied it still exists
// and does not prune, or is deleted itself without its resources
// finalizer.
func argoKept(base, head []delivery, o *lint.Object) string {
	if o.Source == lint.SourceTerraform || o.Range.File == "" {
		return ""
	}
	d, ok := deliveryOf(base, o.Range.File)
	if !ok {
		return ""
	}
	for _, h := range head {
		if h.name != d.name {
			continue
		}
		if h.prunes && o.NoPrune {
			return "its argocd.argoproj.io/sync-options annotation holds Prune=false: Argo CD leaves it, out of sync"
		}
		if h.prunes {
			return ""
		}
		return fmt.Sprintf("%s does not prune (syncPolicy.automated.prune is not true): the object stays, out of sync", h.label)
	}
	if d.cascades {
		return ""
	}
	return fmt.Sprintf("%s, which applied it, is deleted without its resources finalizer: what it applied stays", d.label)
}
