package helm

import (
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// Destination is where an Argo CD Application deploys a directory of the
// tree that it applies as manifests (plain files, or a kustomization
// built there): Argo CD puts every namespaced object that writes no
// metadata.namespace in destination.namespace.
type Destination struct {
	// Dirs are the directory's absolute paths, one per place the
	// repository's paths may be relative to (the repository holding the
	// Application's file, each scan root).
	Dirs []string
	// Recurse is source.directory.recurse: Argo CD applies the files of
	// the subdirectories too (else only the directory's own).
	Recurse bool
	// Namespace is destination.namespace; Label names the Application,
	// Range is where the namespace is written.
	Namespace string
	Label     string
	Range     lint.Range
}

// Destinations are the destinations of the Argo CD Applications (not
// ApplicationSets, whose paths and namespaces are filled in per
// Application) among the added files, in file order: each source whose
// path is written out, that names no chart and has no Helm settings (a
// chart's objects go to its release's namespace) nor settings that
// change what it deploys (plainDirectory), with a namespace written out.
func (f *Finder) Destinations() []Destination {
	b := &builder{Finder: f}
	var out []Destination
	f.eachMapping(func(yf *yamlFile, top *yaml.Node) {
		if str(at(top, "kind")) != "Application" || !strings.HasPrefix(str(at(top, "apiVersion")), "argoproj.io/") {
			return
		}
		spec := at(top, "spec")
		nsNode := at(spec, "destination", "namespace")
		ns := str(nsNode)
		if ns == "" || strings.Contains(ns, "{{") {
			return
		}
		sources := argoSources(spec)
		for _, src := range sources {
			p := str(at(src, "path"))
			if p == "" || strings.ContainsAny(p, "{*?[") || at(src, "chart") != nil || at(src, "helm") != nil || !plainDirectory(src) {
				continue
			}
			d := Destination{Namespace: ns, Label: "Argo CD Application " + str(at(top, "metadata", "name")), Range: yf.rangeOf(nsNode),
				Recurse: str(at(src, "directory", "recurse")) == "true"}
			for _, base := range b.repoBases(yf.dir) {
				d.Dirs = append(d.Dirs, filepath.Clean(filepath.Join(base, filepath.FromSlash(p))))
			}
			out = append(out, d)
		}
	})
	return out
}

// plainDirectory reports whether an Application source deploys its
// directory as the tree holds it: no kustomize settings (a namespace,
// name prefix or patches Argo CD applies to the build), no config
// management plugin, and no directory include, exclude or jsonnet
// (which choose or generate the files).
func plainDirectory(src *yaml.Node) bool {
	if at(src, "kustomize") != nil || at(src, "plugin") != nil {
		return false
	}
	dir := at(src, "directory")
	return at(dir, "include") == nil && at(dir, "exclude") == nil && at(dir, "jsonnet") == nil
}

// DestinationOf is the destination of the directory dir (a manifest's
// directory, or a kustomization built there) among ds: the deepest
// directory holding it (itself, or above it with Recurse); false when
// none does, or two at that depth name different namespaces.
func DestinationOf(ds []Destination, dir string) (Destination, bool) {
	dir = filepath.Clean(dir)
	var best Destination
	depth, clash := -1, false
	for _, d := range ds {
		for _, x := range d.Dirs {
			if dir != x && !(d.Recurse && strings.HasPrefix(dir, x+string(filepath.Separator))) {
				continue
			}
			switch {
			case len(x) > depth:
				best, depth, clash = d, len(x), false
			case len(x) == depth && d.Namespace != best.Namespace:
				clash = true
			}
		}
	}
	return best, depth >= 0 && !clash
}

// Delivery is an Argo CD Application that applies a directory of the
// tree (its source's path: plain manifests, a kustomization, a chart):
// what becomes of the objects it applied when their manifests leave the
// directory, or when the Application itself goes.
type Delivery struct {
	// Dirs are the directory's absolute paths (Destination.Dirs);
	// Recurse says its subdirectories are applied too (directory.recurse,
	// or a chart or kustomization, whose files lie below it).
	Dirs    []string
	Recurse bool
	// Name is the Application's namespace/name; Label names it.
	Name, Label string
	// Prunes is syncPolicy.automated.prune: true: Argo CD deletes an
	// object whose manifest is gone. Otherwise it stays, out of sync.
	Prunes bool
	// Cascades is set when its finalizers hold Argo CD's resources
	// finalizer: deleting the Application deletes what it applied.
	// Without it the Application goes alone.
	Cascades bool
	// Helm is set when the source has Helm settings: Argo CD renders the
	// directory with Helm whatever else it holds (a kustomization).
	Helm bool
}

// resourcesFinalizer is the finalizer that makes Argo CD delete an
// Application's resources with it (foreground or background forms too).
const resourcesFinalizer = "resources-finalizer.argocd.argoproj.io"

// Deliveries are the Argo CD Applications among the added files whose
// sources name a path of the repository, one per such source.
func (f *Finder) Deliveries() []Delivery {
	b := &builder{Finder: f}
	var out []Delivery
	f.eachMapping(func(yf *yamlFile, top *yaml.Node) {
		if str(at(top, "kind")) != "Application" || !strings.HasPrefix(str(at(top, "apiVersion")), "argoproj.io/") {
			return
		}
		name := str(at(top, "metadata", "name"))
		if name == "" || strings.Contains(name, "{{") {
			return
		}
		ns := str(at(top, "metadata", "namespace"))
		spec := at(top, "spec")
		d := Delivery{Name: ns + "/" + name, Label: "Argo CD Application " + name,
			Prunes: str(at(spec, "syncPolicy", "automated", "prune")) == "true"}
		for _, fz := range items(at(top, "metadata", "finalizers")) {
			if v := str(fz); v == resourcesFinalizer || strings.HasPrefix(v, resourcesFinalizer+"/") {
				d.Cascades = true
			}
		}
		for _, src := range argoSources(spec) {
			p := str(at(src, "path"))
			if p == "" || strings.ContainsAny(p, "{*?[") || at(src, "chart") != nil {
				continue
			}
			sd := d
			sd.Recurse = str(at(src, "directory", "recurse")) == "true" || at(src, "helm") != nil || at(src, "kustomize") != nil
			sd.Helm = at(src, "helm") != nil
			for _, base := range b.repoBases(yf.dir) {
				dir := filepath.Clean(filepath.Join(base, filepath.FromSlash(p)))
				sd.Dirs = append(sd.Dirs, dir)
				if f.p.isFile(filepath.Join(dir, "Chart.yaml")) || f.p.isFile(filepath.Join(dir, "kustomization.yaml")) || f.p.isFile(filepath.Join(dir, "kustomization.yml")) {
					sd.Recurse = true
				}
			}
			out = append(out, sd)
		}
	})
	return out
}
