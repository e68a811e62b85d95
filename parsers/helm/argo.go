package helm

import (
	"fmt"
	"github.com/faultline-dev/faultline/internal/treefs"
	"path/filepath"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// argo reads an Argo CD Application's Helm sources (spec.source or
// spec.sources): a chart from a Helm repository (chart, repoURL,
// targetRevision) or a path in Git, which is a chart when it holds a
// Chart.yaml in the scanned tree. Values apply in Argo CD's order:
// helm.valueFiles (relative to the chart path; "$ref/…" relative to
// the ref source's repository), helm.valuesObject (or helm.values, a
// string), helm.parameters. The release is helm.releaseName or the
// Application's name, in spec.destination.namespace.
func (b *builder) argo(yf *yamlFile, doc int, top *yaml.Node) {
	name := str(at(top, "metadata", "name"))
	spec := at(top, "spec")
	var sources []*yaml.Node
	if s := at(spec, "source"); s != nil {
		sources = []*yaml.Node{s}
	} else {
		sources = items(at(spec, "sources"))
	}
	refs := map[string]bool{}
	for _, s := range sources {
		if ref := str(at(s, "ref")); ref != "" {
			refs[ref] = true
		}
	}
	_, kindNode := get(top, "kind")
	bases := b.repoBases(yf.dir)
	for si, src := range sources {
		helm := at(src, "helm")
		chart, p := str(at(src, "chart")), str(at(src, "path"))
		if chart == "" && p == "" {
			continue
		}
		var chartDir string
		remote := chart != ""
		if !remote {
			abs, exists, outside := b.localChart(p, bases...)
			switch {
			case abs != "":
				chartDir = abs
			case exists && !outside:
				continue // a directory of plain manifests or Kustomize
			case helm == nil:
				continue // elsewhere, and nothing says it is a chart
			default:
				remote = true
			}
		}
		rname := str(at(helm, "releaseName"))
		nameRange := yf.rangeOf(at(top, "metadata", "name"))
		if rname != "" {
			nameRange = yf.rangeOf(at(helm, "releaseName"))
		} else {
			rname = name
		}
		label := "Argo CD Application " + name
		addr := yf.rel + "#" + strconv.Itoa(doc) + "/Application/" + name + "/release"
		if len(sources) > 1 {
			label += " source " + strconv.Itoa(si)
			addr += idx(si)
		}
		r := newRelease(yf, addr, label, yf.rangeOf(kindNode), rname, nameRange, yf.source, "argocd")
		setNamespace(r, str(at(spec, "destination", "namespace")))
		r.Repository, r.Version = str(at(src, "repoURL")), str(at(src, "targetRevision"))
		r.Chart, r.ChartDir = chart, chartDir
		if chart == "" {
			r.Chart = p
		}
		if remote && chart == "" {
			b.note(lint.Unresolved, yf.rangeOf(at(src, "path")), fmt.Sprintf("%s: chart path %s is not in the scanned tree (another repository?); not rendered", label, p))
		}
		ignoreMissing := str(at(helm, "ignoreMissingValueFiles")) == "true"
		for _, vf := range items(at(helm, "valueFiles")) {
			b.argoValueFile(r, vf, chartDir, bases, refs, ignoreMissing, yf)
		}
		if vo := at(helm, "valuesObject"); vo != nil {
			if err := mergeDoc(r, vo, yf.rangeOf); err != nil {
				b.diag(yf.rangeOf(vo), "invalid values", err.Error())
			}
		} else if v := at(helm, "values"); v != nil && v.Kind == yaml.ScalarNode {
			b.mergeText(r, yf, v, label+" helm.values")
		} else if v != nil && v.Kind == yaml.MappingNode {
			if err := mergeDoc(r, v, yf.rangeOf); err != nil {
				b.diag(yf.rangeOf(v), "invalid values", err.Error())
			}
		}
		for _, prm := range items(at(helm, "parameters")) {
			vn := at(prm, "value")
			var val any = str(vn)
			if str(at(prm, "forceString")) != "true" {
				val = setValue(str(vn))
			}
			rng := yf.rangeOf(vn)
			if vn == nil {
				rng = yf.rangeOf(prm)
			}
			mergeSet(r, str(at(prm, "name")), val, rng)
		}
		b.out = append(b.out, r)
	}
}

// argoValueFile merges one helm.valueFiles entry.
func (b *builder) argoValueFile(r *lint.Release, vf *yaml.Node, chartDir string, bases []string, refs map[string]bool, optional bool, yf *yamlFile) {
	v := str(vf)
	ref := yf.rangeOf(vf)
	switch {
	case v == "":
		return
	case strings.Contains(v, "://"):
		b.note(lint.Unresolved, ref, fmt.Sprintf("%s: remote values file %s not read", r.Label, v))
	case strings.HasPrefix(v, "$"):
		name, rest, _ := strings.Cut(strings.TrimPrefix(v, "$"), "/")
		if !refs[name] {
			b.diag(ref, "values file not found", fmt.Sprintf("%s: %s names source ref %q, which no source declares", r.Label, v, name))
			return
		}
		for _, base := range bases {
			abs := filepath.Join(base, filepath.FromSlash(rest))
			if isFile(abs) {
				b.mergeFile(r, abs, ref, optional)
				return
			}
		}
		b.note(lint.Unresolved, ref, fmt.Sprintf("%s: values file %s is not in the scanned tree (another repository?); not read", r.Label, v))
	case chartDir == "":
		b.note(lint.Unresolved, ref, fmt.Sprintf("%s: values file %s belongs to a chart outside the scanned tree; not read ("+treefs.RootHint+")", r.Label, v))
	case filepath.Join(chartDir, filepath.FromSlash(v)) == filepath.Join(chartDir, "values.yaml"):
		// The chart's own defaults: Helm applies them anyway, and they are
		// not values the release sets.
		return
	default:
		b.mergeFile(r, filepath.Join(chartDir, filepath.FromSlash(v)), ref, optional)
	}
}
