package engine

import (
	"github.com/faultline-dev/faultline/internal/engine/unitcache"
	"sort"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/ignores"
)

// scanIgnores reads the ignores written in every file that fed the model
// (files, absolute) and in the templates of the charts found. Manifests
// already read are scanned from their bytes (read); the rest — Terraform
// and variables files, the files a kustomization owns, chart templates —
// are read again, and only files that mention an ignore are parsed for
// one. With the per-unit cache u, what the last scan found in a file
// unchanged since is taken instead (internal/engine/unitcache).
func scanIgnores(u *unitcache.Units, tree *treefs.Tree, rel func(string) string, files map[string]bool, read map[string][]byte, charts []string) []lint.Ignore {
	var list []ignores.File
	seen := map[string]bool{}
	add := func(p string, kind ignores.Kind) {
		if seen[p] || kind == ignores.None {
			return
		}
		seen[p] = true
		list = append(list, ignores.File{Path: p, Rel: rel(p), Data: read[p], Kind: kind})
	}
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		add(p, ignores.KindOf(p))
	}
	for _, c := range charts {
		for _, t := range ignores.ChartTemplates(tree, c) {
			add(t, ignores.Template)
		}
	}
	scan := func(fs []ignores.File) [][]lint.Ignore { return ignores.ScanEach(tree, fs) }
	return ignores.Sorted(u.ScanFiles(scan, list))
}
