package engine

import (
	"path/filepath"
	"strings"
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
		o.External = !r.holdsAny(filepath.Dir(abs), o.Deploys.Paths) || o.KindName == "Application" && r.holdsJsonnet(filepath.Dir(abs), o.Deploys.Paths)
	}
}

// holdsJsonnet reports whether one of the repository paths, read from a
// file in dir, is a directory of the tree holding a .jsonnet file: Argo
// CD renders those of a directory source with Jsonnet, which faultline
// does not run, so what they make is not read.
func (r *run) holdsJsonnet(dir string, paths []string) bool {
	for _, base := range r.repoBases(dir) {
		for _, p := range paths {
			ents, err := r.tree.ReadDir(filepath.Join(base, filepath.FromSlash(p)))
			if err != nil {
				continue
			}
			for _, e := range ents {
				if !e.IsDir() && strings.HasSuffix(e.Name(), ".jsonnet") {
					return true
				}
			}
		}
	}
	return false
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
