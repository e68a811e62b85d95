package kustomize

import (
	"os"
	"path/filepath"
	"sort"
)

// maxFindDirs bounds how many kustomization directories Find follows.
const maxFindDirs = 10000

// Find returns the kustomization roots to render among dirs containing a
// kustomization file (kustomization.yaml, kustomization.yml or
// Kustomization): a directory reached as another kustomization's local
// resource, base, component, generator or transformer is not a root, and
// neither is a Component. owned holds every file (absolute, cleaned) that
// belongs to a kustomization tree: the kustomization files themselves,
// resource files, patches, generator inputs and Helm values files, in the
// roots and in every base they reach, so the engine does not parse those
// as plain manifests again.
func Find(kustomizationDirs []string) (roots []string, owned map[string]bool) {
	owned = map[string]bool{}
	reached := map[string]bool{} // dirs reached from another kustomization
	seen := map[string]bool{}
	var visit func(dir string)
	visit = func(dir string) {
		if seen[dir] || len(seen) >= maxFindDirs {
			return
		}
		seen[dir] = true
		k := readKust(dir)
		if k.file == "" {
			return
		}
		owned[k.file] = true
		if k.top == nil {
			return
		}
		for _, r := range k.refs() {
			if r.isInline() || isRemote(r.value) || filepath.IsAbs(r.value) {
				continue
			}
			p := filepath.Join(dir, filepath.FromSlash(r.value))
			fi, err := os.Stat(p)
			if err != nil {
				continue
			}
			switch {
			case fi.IsDir() && r.kind != refFile:
				if _, ok := kustFile(p); ok {
					if p != dir {
						reached[p] = true
					}
					visit(p)
				}
			case fi.Mode().IsRegular() && r.kind != refDir:
				owned[p] = true
				if r.kind == refAny {
					ownPluginFiles(dir, p, owned)
				}
			}
		}
		for _, c := range helmEntries(k) {
			for _, v := range append([]string{str(get(c.node, "valuesFile")), str(get(c.node, "values"))}, strs(get(c.node, "additionalValuesFiles"))...) {
				if v != "" && !isRemote(v) && !filepath.IsAbs(v) {
					owned[filepath.Join(dir, filepath.FromSlash(v))] = true
				}
			}
		}
	}
	abs := make([]string, len(kustomizationDirs))
	for i, d := range kustomizationDirs {
		a, err := filepath.Abs(d)
		if err != nil {
			a = filepath.Clean(d)
		}
		abs[i] = a
		visit(a)
	}
	for i, a := range abs {
		if reached[a] {
			continue
		}
		k := readKust(a)
		if k.top != nil && str(get(k.top, "kind")) == "Component" {
			continue
		}
		roots = append(roots, filepath.Clean(kustomizationDirs[i]))
	}
	sort.Strings(roots)
	roots = dedupe(roots)
	return roots, owned
}

// ownPluginFiles marks the files a generator or transformer config file
// names as owned.
func ownPluginFiles(dir, file string, owned map[string]bool) {
	data, err := readBounded(file, maxFileSize)
	if err != nil {
		return
	}
	docs, _ := pluginDocs(data)
	for _, d := range docs {
		if !isBuiltinPlugin(d) {
			continue
		}
		for _, p := range pluginPaths(d) {
			if !isRemote(p) && !filepath.IsAbs(p) {
				owned[filepath.Join(dir, filepath.FromSlash(p))] = true
			}
		}
	}
}

func dedupe(xs []string) []string {
	out := xs[:0]
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			out = append(out, x)
		}
	}
	return out
}
