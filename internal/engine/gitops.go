package engine

import (
	"path/filepath"
)

// markExternalDeliveries sets KubeObject.External on each Argo CD
// Application and Flux Kustomization whose content the tree does not
// hold: an artifact, or paths none of which is a directory of the tree
// from the repository holding the object's file (or a scan root). What
// such an object deploys is not read, in any namespace.
func (r *run) markExternalDeliveries() {
	var byRel map[string]string
	for _, o := range r.model.Objects {
		if o.Deploys == nil {
			continue
		}
		if o.Deploys.Elsewhere {
			o.External = true
			continue
		}
		if byRel == nil {
			byRel = make(map[string]string, len(r.files))
			for f := range r.files {
				byRel[r.rel(f)] = f
			}
		}
		abs, ok := byRel[o.Range.File]
		if !ok {
			continue // its file is not known: not judged
		}
		o.External = !r.holdsAny(filepath.Dir(abs), o.Deploys.Paths)
	}
}

// holdsAny reports whether one of the repository paths, read from a file
// in dir, is a directory of the tree.
func (r *run) holdsAny(dir string, paths []string) bool {
	for _, base := range r.repoBases(dir) {
		for _, p := range paths {
			if r.tree.IsDir(filepath.Join(base, filepath.FromSlash(p))) {
				return true
			}
		}
	}
	return false
}
