package helm

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/Masterminds/semver/v3"
	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/internal/yamldup"
	"github.com/faultline-dev/faultline/lint"
)

// Dependencies a chart takes from a directory of the tree.
//
// A dependency whose repository is file://<path> is packaged into the
// chart's charts/ directory by `helm dependency build` (or update), which
// Argo CD, Flux's source-controller and helmfile run before they render a
// chart from a repository, and Terraform's helm_release runs with
// dependency_update. Helm's resolver loads the directory, takes it when
// its version satisfies the dependency's constraint, and packs it as the
// chart it is; nothing is fetched. A chart whose dependency is vendored
// already (a directory or archive of that name under charts/) is left as
// it is.

// fileDependency is a file:// dependency of a chart.
type fileDependency struct {
	// name and version are the dependency's, as Chart.yaml writes them;
	// repository is its file:// URL.
	name, version, repository string
	// dir is the directory it names, resolved from the chart's own
	// directory as Helm's resolver does (GetLocalPath).
	dir string
	// archives are the archives under charts/ that hold it
	// (<name>-<version>.tgz, as `helm dependency build` writes them), and
	// unpacked says a directory under charts/ does: vendored either way.
	archives []string
	unpacked bool
}

func (d fileDependency) vendored() bool { return len(d.archives) > 0 || d.unpacked }

// loadedChart is a chart of the run, loaded, by its key (real path).
type loadedChart struct {
	key   string
	chart *chartData
}

// packedDependencies are the keys (real paths) of the charts another
// chart of charts takes as a file:// dependency.
func packedDependencies(charts []loadedChart) map[string]bool {
	out := map[string]bool{}
	for _, l := range charts {
		deps, _ := fileDependencies(l.chart)
		for _, d := range deps {
			if d.dir == "" {
				continue
			}
			if real, err := filepath.EvalSymlinks(d.dir); err == nil && real != l.key {
				out[real] = true
			}
		}
	}
	return out
}

// builtCharts are the charts of one run with their file:// dependencies
// packed in, built once per chart and way of packing.
type builtCharts struct {
	mu    sync.Mutex
	built map[builtKey]*builtChart
}

// builtKey is a chart and whether its archived dependencies are packed
// again.
type builtKey struct {
	chart *chartData
	all   bool
}

// builtChart is a chart with its file:// dependencies packed in (nil
// chart when there is none to pack), and what stopped a dependency from
// being packed.
type builtChart struct {
	chart *chartData
	notes []string
}

// of is cd as a tool building its dependencies the way mode says renders
// it: with the file:// dependencies packed in that `helm dependency
// build` would pack; nil when it packs none. The notes say why a
// dependency was not packed.
func (b *builtCharts) of(cd *chartData, mode lint.DependencyBuild, p *paths, opts Options) (*chartData, []string) {
	deps, missing := fileDependencies(cd)
	var all bool
	switch mode {
	case lint.DependenciesAsVendored:
		return nil, nil
	case lint.DependenciesBuiltWhenMissing:
		if !missing {
			return nil, nil // nothing missing: nothing is built
		}
		all = true
	case lint.DependenciesAlwaysBuilt:
		all = true
	}
	var pack []fileDependency
	for _, d := range deps {
		// `helm dependency build` writes every dependency's archive again;
		// a chart unpacked under charts/ it leaves alone.
		if !d.vendored() || all && !d.unpacked {
			pack = append(pack, d)
		}
	}
	if len(pack) == 0 {
		return nil, nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	key := builtKey{cd, all}
	if bc, ok := b.built[key]; ok {
		return bc.chart, bc.notes
	}
	if b.built == nil {
		b.built = map[builtKey]*builtChart{}
	}
	bc := buildFileDependencies(cd, pack, p, opts)
	b.built[key] = bc
	return bc.chart, bc.notes
}

// buildFileDependencies packs the file:// dependencies deps into a copy
// of cd: each dependency chart's files under charts/<its name>/, as the
// archive Helm writes there would load, in place of the archives that
// held it. A dependency Helm's resolver would refuse (no such directory,
// a version outside the constraint, an invalid constraint) is left out
// with a note (and an archive holding it left in), as is one outside
// the scanned tree.
func buildFileDependencies(cd *chartData, deps []fileDependency, p *paths, opts Options) *builtChart {
	out := &builtChart{}
	var mounted []*chartData
	replaced := map[string]bool{}
	names := map[string]bool{}
	for _, d := range deps {
		dc, why := loadFileDependency(cd, d, p, opts)
		if why != "" {
			out.notes = append(out.notes, fmt.Sprintf("dependency %q (%s %s) is not built: %s", d.name, d.repository, d.version, why))
			continue
		}
		for _, a := range d.archives {
			replaced["charts/"+a] = true
		}
		if names[dc.name] {
			continue // two entries (aliases) of one chart: packed once
		}
		names[dc.name] = true
		mounted = append(mounted, dc)
	}
	if len(mounted) > 0 {
		out.chart = withDependencies(cd, mounted, replaced)
	}
	return out
}

// loadFileDependency is the chart dependency d names, loaded as a chart
// of the tree is, or why Helm's resolver would not take it.
func loadFileDependency(cd *chartData, d fileDependency, p *paths, opts Options) (*chartData, string) {
	if _, err := semver.NewConstraint(d.version); err != nil {
		return nil, fmt.Sprintf("its version %q is not a version constraint Helm accepts", d.version)
	}
	if d.dir == "" {
		return nil, "an absolute path is not read"
	}
	if !isDir(d.dir) {
		return nil, fmt.Sprintf("%s is not a directory", p.rel(d.dir))
	}
	real, err := filepath.EvalSymlinks(d.dir)
	if err != nil {
		return nil, err.Error()
	}
	dc, lerr := loadCharts(d.dir, real, p, opts, false)
	switch {
	case lerr != nil && errors.Is(lerr, errOutside):
		return nil, fmt.Sprintf("%s is outside the scanned tree", p.rel(d.dir))
	case lerr != nil:
		return nil, fmt.Sprintf("%s cannot be read: %s", p.rel(d.dir), lerr.Error())
	case dc.name == "" || strings.ContainsAny(dc.name, `/\`):
		return nil, fmt.Sprintf("%s has no chart name", p.rel(d.dir))
	case len(dc.skipped) > 0:
		return nil, fmt.Sprintf("%s has files faultline did not read", p.rel(d.dir))
	}
	v, err := semver.NewVersion(dc.version)
	if err != nil {
		return nil, fmt.Sprintf("chart %s has no valid version", p.rel(d.dir))
	}
	if c, _ := semver.NewConstraint(d.version); !c.Check(v) {
		return nil, fmt.Sprintf("chart %s is version %s, outside %s", p.rel(d.dir), dc.version, d.version)
	}
	return dc, ""
}

// fileDependencies are the file:// dependencies Chart.yaml (or
// requirements.yaml, which Helm's loader reads over it) lists, each named once,
// in the order written, with what charts/ holds of each; missing says
// some dependency (of any repository) is not under charts/. An archive
// chart's are left alone: it is packaged already.
func fileDependencies(cd *chartData) (deps []fileDependency, missing bool) {
	if cd.archive {
		return nil, false
	}
	meta, err := chartMetadata(cd.fileData("Chart.yaml"))
	if err != nil {
		return nil, false
	}
	if _, ok := cd.byName["requirements.yaml"]; ok {
		// Helm's loader reads it into the same metadata, after
		// Chart.yaml, whatever the apiVersion.
		req, err := chartMetadata(cd.fileData("requirements.yaml"))
		if err != nil {
			return nil, false
		}
		if req.Dependencies != nil {
			copied := *meta // shared (chartMetadata): changed in a copy
			copied.Dependencies = req.Dependencies
			meta = &copied
		}
	}
	v := cd.vendored()
	seen := map[string]bool{}
	for _, d := range meta.Dependencies {
		if d == nil || d.Name == "" || seen[d.Name] {
			continue
		}
		seen[d.Name] = true
		fd := fileDependency{name: d.Name, version: d.Version, repository: d.Repository, archives: v.archivesOf(d.Name), unpacked: v.dirs[d.Name]}
		missing = missing || !fd.vendored()
		local, ok := strings.CutPrefix(d.Repository, "file://")
		if !ok {
			continue
		}
		if !strings.HasPrefix(local, "/") {
			fd.dir = filepath.Join(cd.abs, filepath.FromSlash(local))
		}
		deps = append(deps, fd)
	}
	return deps, missing
}

// vendoredCharts are the charts under a chart's charts/ directory: the
// names of those unpacked there (a directory whose Chart.yaml names it,
// and the directory's own name), and the archives.
type vendoredCharts struct {
	dirs     map[string]bool
	archives []string
}

// archivesOf are the archives named <name>-<version>.tgz, as `helm
// dependency build` writes them (the glob Helm's own `dependency list`
// checks).
func (v vendoredCharts) archivesOf(name string) []string {
	var out []string
	for _, a := range v.archives {
		if ok, _ := path.Match(name+"-*.tgz", a); ok {
			out = append(out, a)
		}
	}
	return out
}

// vendored lists what the chart's charts/ directory holds.
func (cd *chartData) vendored() vendoredCharts {
	v := vendoredCharts{dirs: map[string]bool{}}
	for _, f := range cd.files {
		rest, ok := strings.CutPrefix(f.Name, "charts/")
		if !ok {
			continue
		}
		switch {
		case strings.Count(rest, "/") == 0 && strings.HasSuffix(rest, ".tgz"):
			v.archives = append(v.archives, rest)
		case strings.Count(rest, "/") == 1 && path.Base(rest) == "Chart.yaml":
			if meta, err := chartMetadata(cd.fileData(f.Name)); err == nil && meta.Name != "" {
				v.dirs[meta.Name] = true
			}
			v.dirs[path.Dir(rest)] = true
		}
	}
	return v
}

// withDependencies is a copy of cd with each chart of deps packed under
// charts/<its name>/ and the files replaced (archives packed again) left
// out: its files, values documents and duplicate keys renamed there,
// positions in them shown in the dependency's own directory (mounts), and
// a hash of the whole.
func withDependencies(cd *chartData, deps []*chartData, replaced map[string]bool) *chartData {
	b := &chartData{abs: cd.abs, rel: cd.rel, name: cd.name, version: cd.version,
		valuesErrLine: cd.valuesErrLine, valuesErrColumn: cd.valuesErrColumn, chartErrLine: cd.chartErrLine, chartPlaceholderLine: cd.chartPlaceholderLine,
		mounts: map[string]*chartData{}, values: map[string]*yaml.Node{}, dups: map[string][]yamldup.Duplicate{}}
	h := sha256.New()
	h.Write([]byte(cd.hash))
	for _, f := range cd.files {
		if replaced[f.Name] {
			fmt.Fprintf(h, "\x00-%s", f.Name)
			continue
		}
		b.files = append(b.files, f)
	}
	for name, v := range cd.valuesDocs() {
		b.values[name] = v
	}
	for name, d := range cd.dups {
		b.dups[name] = d
	}
	sort.Slice(deps, func(i, j int) bool { return deps[i].name < deps[j].name })
	for _, dc := range deps {
		prefix := "charts/" + dc.name + "/"
		b.mounts[dc.name] = dc
		fmt.Fprintf(h, "\x00%s\x00%s", dc.name, dc.hash)
		for _, f := range dc.files {
			b.files = append(b.files, File{Name: prefix + f.Name, Data: f.Data})
		}
		if v := dc.valuesDocs()["values.yaml"]; v != nil {
			b.values[prefix+"values.yaml"] = v
		}
		if d := dc.dups["values.yaml"]; len(d) > 0 {
			b.dups[prefix+"values.yaml"] = d
		}
	}
	b.hash = hex.EncodeToString(h.Sum(nil))
	b.byName = make(map[string][]byte, len(b.files))
	for _, f := range b.files {
		b.byName[f.Name] = f.Data
	}
	if cd.loadFiles != nil || anyLoadFiles(deps) {
		b.loadFiles = sync.OnceValues(func() ([]File, error) {
			own, err := cd.allFiles()
			if err != nil {
				return nil, err
			}
			var files []File
			for _, f := range own {
				if !replaced[f.Name] {
					files = append(files, f)
				}
			}
			for _, dc := range deps {
				dfs, err := dc.allFiles()
				if err != nil {
					return nil, err
				}
				for _, f := range dfs {
					files = append(files, File{Name: "charts/" + dc.name + "/" + f.Name, Data: f.Data})
				}
			}
			return files, nil
		})
	}
	return b
}

func anyLoadFiles(cds []*chartData) bool {
	for _, c := range cds {
		if c.loadFiles != nil {
			return true
		}
	}
	return false
}
