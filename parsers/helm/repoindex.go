package helm

import (
	"path/filepath"
	"strings"

	"github.com/faultline-dev/faultline/internal/treefs"
	"go.yaml.in/yaml/v3"
)

// maxRepoIndex bounds a chart repository index read to tell a published
// package (a large public index runs to a few MiB).
const maxRepoIndex = 16 << 20

// repoIndex is the part of a Helm chart repository index (helm's
// repo.IndexFile: `helm repo index` writes it beside the packages, `helm
// repo add` keeps a copy as <name>-index.yaml in its cache) that says
// which chart versions it lists. Helm's pkg/repo, which reads it, brings
// the Kubernetes client and the OCI registry client with it; the three
// fields are read here instead.
type repoIndex struct {
	APIVersion string `yaml:"apiVersion"`
	Entries    map[string][]struct {
		Version string `yaml:"version"`
	} `yaml:"entries"`
}

// lists reports whether the index lists chart name at version.
func (x *repoIndex) lists(name, version string) bool {
	for _, e := range x.Entries[name] {
		if strings.TrimPrefix(e.Version, "v") == strings.TrimPrefix(version, "v") {
			return true
		}
	}
	return false
}

// repoIndexes reads the chart repository indexes of a directory once
// per rendering run: a download cache holds many packages beside a few
// large indexes.
type repoIndexes struct {
	tree  *treefs.Tree
	byDir map[string][]indexFile
}

// indexFile is one parsed index and where it lies.
type indexFile struct {
	path  string
	index repoIndex
}

func newRepoIndexes(tree *treefs.Tree) *repoIndexes {
	return &repoIndexes{tree: tree, byDir: map[string][]indexFile{}}
}

// of are the indexes of dir (index.yaml, <name>-index.yaml) that parse
// as a Helm repository index (apiVersion v1).
func (r *repoIndexes) of(dir string) []indexFile {
	if got, ok := r.byDir[dir]; ok {
		return got
	}
	var out []indexFile
	entries, err := r.tree.ReadDir(dir)
	if err == nil {
		for _, de := range entries {
			n := de.Name()
			if !de.Type().IsRegular() || n != "index.yaml" && !strings.HasSuffix(n, "-index.yaml") {
				continue
			}
			p := filepath.Join(dir, n)
			data, err := readLimited(r.tree, p, maxRepoIndex)
			if err != nil {
				continue
			}
			var x repoIndex
			if yaml.Unmarshal(data, &x) != nil || x.APIVersion != "v1" {
				continue
			}
			out = append(out, indexFile{path: p, index: x})
		}
	}
	r.byDir[dir] = out
	return out
}

// listing is the chart repository index beside a packaged chart
// (index.yaml, or a repository cache's <name>-index.yaml) that lists the
// chart's name and version: the archive is a package published or
// downloaded there, installed from its repository by name, not a chart
// anyone installs from this path. "" when no index beside it lists it.
func (r *repoIndexes) listing(archive, name, version string) string {
	if name == "" || version == "" {
		return ""
	}
	for _, f := range r.of(filepath.Dir(archive)) {
		if f.index.lists(name, version) {
			return f.path
		}
	}
	return ""
}
