package helm

import (
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// KustomizeChart is a kustomization's helmCharts entry of a chart
// repository that a build met and could not inflate offline: a release
// of a chart not in the tree, read from the entry and its values files
// (AddKustomizeChart).
type KustomizeChart struct {
	// File is the kustomization file (or the generator file configuring
	// the chart), absolute; Dir the kustomization's directory, which
	// values files are relative to ("": File's).
	File, Dir string
	// Field is "helmCharts" or "helmChartInflationGenerator", and Index
	// the entry's position in that list; "" for a generator file, whose
	// document Index is a HelmChartInflationGenerator.
	Field string
	Index int
	// Namespace is the namespace the build gives the chart's objects,
	// "" when none is set (not known: Helm's comes from the context it
	// runs in).
	Namespace string
	// Scope is the AWS / cluster scope of the build.
	Scope lint.Scope
}

// AddKustomizeChart adds a remote helmCharts entry a kustomize build met.
// The same entry met by several builds in one namespace and scope is one
// release. Safe for concurrent use.
func (f *Finder) AddKustomizeChart(c KustomizeChart) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.kustomizeCharts = append(f.kustomizeCharts, c)
}

// kustomizeReleases builds the releases of the remote helmCharts entries
// added, each kustomization file read once.
func (b *builder) kustomizeReleases(charts []KustomizeChart) {
	sort.SliceStable(charts, func(i, j int) bool {
		x, y := charts[i], charts[j]
		if x.File != y.File {
			return x.File < y.File
		}
		if x.Field != y.Field {
			return x.Field < y.Field
		}
		if x.Index != y.Index {
			return x.Index < y.Index
		}
		return x.Namespace < y.Namespace
	})
	files := map[string]*yamlFile{}
	seen := map[string]bool{}
	for _, c := range charts {
		key := fmt.Sprintf("%s\x00%s\x00%d\x00%s\x00%v", c.File, c.Field, c.Index, c.Namespace, c.Scope)
		if seen[key] {
			continue
		}
		seen[key] = true
		yf, ok := files[c.File]
		if !ok {
			yf = b.kustomizationFile(c.File)
			files[c.File] = yf
		}
		if yf == nil || len(yf.docs) == 0 || c.Index < 0 {
			continue
		}
		var entry *yaml.Node
		switch {
		case c.Field == "" && c.Index < len(yf.docs):
			entry = body(yf.docs[c.Index])
		case c.Field != "":
			if entries := items(at(body(yf.docs[0]), c.Field)); c.Index < len(entries) {
				entry = entries[c.Index]
			}
		}
		if entry == nil || entry.Kind != yaml.MappingNode {
			continue
		}
		b.kustomizeRelease(yf, c, entry)
	}
}

// kustomizationFile reads and parses a kustomization file (nil when it
// cannot: the build that met it read it, so this is a race with an edit).
func (b *builder) kustomizationFile(abs string) *yamlFile {
	data, err := b.p.readFile(abs)
	if err != nil {
		return nil
	}
	docs, err := parseYAML(data)
	if err != nil {
		return nil
	}
	return &yamlFile{rel: b.p.rel(abs), abs: abs, dir: filepath.Dir(abs), data: data, docs: docs, source: lint.SourceKustomize}
}

// kustomizeRelease is one remote helmCharts entry e as a release, its
// values merged as kustomize merges them: the values file and the inline
// values by valuesMerge (override: inline wins; merge: the file wins;
// replace: inline only), then the additional values files, each over the
// last.
func (b *builder) kustomizeRelease(yf *yamlFile, c KustomizeChart, e *yaml.Node) {
	legacy := c.Field == "helmChartInflationGenerator"
	keys := map[string]string{"name": "name", "version": "version", "repo": "repo", "release": "releaseName",
		"inline": "valuesInline", "file": "valuesFile", "merge": "valuesMerge"}
	if legacy {
		keys = map[string]string{"name": "chartName", "version": "chartVersion", "repo": "chartRepoUrl", "release": "releaseName",
			"inline": "valuesLocal", "file": "values", "merge": "valuesMerge"}
	}
	nameNode := at(e, keys["name"])
	chart := str(nameNode)
	if chart == "" {
		return
	}
	addr := yf.rel + "#" + c.Field + idx(c.Index)
	if c.Field == "" {
		addr = yf.rel + "#" + strconv.Itoa(c.Index) + "/HelmChartInflationGenerator"
	}
	if c.Namespace != "" {
		addr += "/" + c.Namespace
	}
	rname, nameRange := str(at(e, keys["release"])), yf.rangeOf(at(e, keys["release"]))
	if rname == "" {
		rname, nameRange = "release-name", yf.rangeOf(nameNode) // kustomize's default
	}
	label := "kustomize Helm release " + rname
	r := b.newRelease(yf, addr, label, yf.rangeOf(nameNode), rname, nameRange, lint.SourceKustomize, "kustomize")
	r.Scope = c.Scope
	setNamespace(r, c.Namespace)
	if n := at(e, "namespace"); !legacy && n != nil && str(n) == c.Namespace {
		r.NamespaceRange = yf.rangeOf(n)
	} else if n := at(e, "releaseNamespace"); legacy && n != nil && str(n) == c.Namespace {
		r.NamespaceRange = yf.rangeOf(n)
	}
	r.Chart, r.Repository, r.Version = chart, str(at(e, keys["repo"])), str(at(e, keys["version"]))

	inline := func() {
		if n := at(e, keys["inline"]); n != nil {
			if err := mergeDoc(r, n, yf.rangeOf); err != nil {
				b.diag(yf.rangeOf(n), "invalid values", err.Error())
			}
		}
	}
	file := func(n *yaml.Node) {
		p := str(n)
		if p == "" {
			return
		}
		if strings.Contains(p, "://") {
			b.valuesNotRead(r, yf.rangeOf(n), fmt.Sprintf("%s: remote values file %s not fetched", label, p), "values file "+p)
			return
		}
		dir := c.Dir
		if dir == "" {
			dir = yf.dir
		}
		b.mergeFile(r, filepath.Join(dir, filepath.FromSlash(p)), yf.rangeOf(n), false)
	}
	switch str(at(e, keys["merge"])) {
	case "merge":
		inline()
		file(at(e, keys["file"]))
	case "replace":
		inline()
	default:
		file(at(e, keys["file"]))
		inline()
	}
	if !legacy {
		for _, n := range items(at(e, "additionalValuesFiles")) {
			file(n)
		}
	}
	b.out = append(b.out, r)
}
