package helm

import (
	"path/filepath"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

// fluxKustomizeGroup is the API group of Flux's Kustomization.
const fluxKustomizeGroup = "kustomize.toolkit.fluxcd.io"

// PlacedDirs are the directories (absolute, cleaned) that a GitOps tool
// of the tree deploys with a destination of its own: an Argo CD
// Application's source path (and an ApplicationSet's paths, up to their
// first template or glob), a Flux Kustomization's spec.path. A manifest
// under one is not applied with kubectl apply's default namespace: Argo
// CD gives it the destination namespace, Flux its targetNamespace (or
// its own). The paths are relative to the repository holding the file
// and to each scan root, so every resolution is listed.
func (f *Finder) PlacedDirs() []string {
	b := &builder{Finder: f}
	seen := map[string]bool{}
	f.eachMapping(func(yf *yamlFile, top *yaml.Node) {
		for _, p := range placedPaths(top) {
			for _, base := range b.repoBases(yf.dir) {
				seen[filepath.Clean(filepath.Join(base, filepath.FromSlash(p)))] = true
			}
		}
	})
	out := make([]string, 0, len(seen))
	for d := range seen {
		out = append(out, d)
	}
	sort.Strings(out)
	return out
}

// eachMapping calls fn with every document of the added files (not
// helmfiles) whose top is a mapping, the files in name order.
func (f *Finder) eachMapping(fn func(yf *yamlFile, top *yaml.Node)) {
	f.mu.Lock()
	files := append([]*yamlFile(nil), f.files...)
	f.mu.Unlock()
	sort.Slice(files, func(i, j int) bool { return files[i].rel < files[j].rel })
	for _, yf := range files {
		if yf.helmfile {
			continue
		}
		for _, doc := range yf.docs {
			if top := body(doc); top != nil && top.Kind == yaml.MappingNode {
				fn(yf, top)
			}
		}
	}
}

// placedPaths are the repository paths a document deploys, each cut
// before its first template or glob.
func placedPaths(top *yaml.Node) []string {
	api, kind := str(at(top, "apiVersion")), str(at(top, "kind"))
	spec := at(top, "spec")
	var raw []string
	switch {
	case kind == "Application" && strings.HasPrefix(api, "argoproj.io/"):
		raw = sourcePaths(spec)
	case kind == "ApplicationSet" && strings.HasPrefix(api, "argoproj.io/"):
		raw = sourcePaths(at(spec, "template", "spec"))
		collectPaths(at(spec, "generators"), &raw, 0)
	case kind == "Kustomization" && strings.HasPrefix(api, fluxKustomizeGroup+"/"):
		raw = []string{str(at(spec, "path"))}
		if raw[0] == "" {
			raw[0] = "." // the source's root
		}
	}
	var out []string
	for _, p := range raw {
		if p == "" {
			continue
		}
		out = append(out, literalDir(p))
	}
	return out
}

// sourcePaths are an Argo CD spec's source.path and sources[].path.
func sourcePaths(spec *yaml.Node) []string {
	var out []string
	if p := str(at(spec, "source", "path")); p != "" {
		out = append(out, p)
	}
	for _, s := range items(at(spec, "sources")) {
		if p := str(at(s, "path")); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// collectPaths gathers every "path" scalar under n (an ApplicationSet's
// generators: git directories and files, nested matrix and merge).
func collectPaths(n *yaml.Node, out *[]string, depth int) {
	eachUnder(n, "path", depth, func(v *yaml.Node) {
		if p := str(v); p != "" {
			*out = append(*out, p)
		}
	})
}

// eachUnder calls fn with the value of every mapping entry named key
// under n, at any depth (not below such an entry), to a bounded depth.
func eachUnder(n *yaml.Node, key string, depth int, fn func(v *yaml.Node)) {
	n = deref(n)
	if n == nil || depth > 32 {
		return
	}
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == key {
				fn(n.Content[i+1])
				continue
			}
			eachUnder(n.Content[i+1], key, depth+1, fn)
		}
	case yaml.SequenceNode:
		for _, c := range n.Content {
			eachUnder(c, key, depth+1, fn)
		}
	}
}

// literalDir is the directory part of p before its first template
// ("{{") or glob character: "apps/{{path.basename}}" and "apps/*" are
// "apps", a path with none is itself.
func literalDir(p string) string {
	i := strings.IndexAny(p, "*?[{")
	if i < 0 {
		return p
	}
	p = p[:i]
	if j := strings.LastIndexByte(p, '/'); j >= 0 {
		return p[:j+1]
	}
	return "."
}
