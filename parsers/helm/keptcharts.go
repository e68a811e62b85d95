package helm

import (
	"bytes"
	"fmt"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/internal/wire"
	"github.com/faultline-dev/faultline/internal/yamldup"
	"github.com/faultline-dev/faultline/internal/yamlwire"
	"github.com/faultline-dev/faultline/lint"
)

// ChartCache keeps chart loads between runs (the engine's per-unit
// result cache): a chart whose load listed the same directories and read
// the same files is not walked, read or parsed again. What a load gives
// rests on nothing else: the files under the chart (.helmignore and
// subcharts included), read through the run's tree, whose roots and
// layout the cache's own key holds.
type ChartCache interface {
	// Lookup is the kept load of chart (its path as given and its real
	// path: key), when one is kept and every input it rests on is
	// unchanged.
	Lookup(key string) (*KeptChart, bool)
	// Keep offers the load of chart key just made and the inputs it
	// rests on.
	Keep(key string, k *KeptChart, inputs cache.InputRecord)
	// Refresh rewrites the load of chart key that Lookup gave in this
	// run with k: the same load, with what was worked out from it since
	// (the values its templates read, which a load keeps only once a
	// release installs the chart).
	Refresh(key string, k *KeptChart)
}

// KeptChart is what a chart load brings to Render, kept: the files and
// what is parsed from them (values documents, duplicate keys, metadata,
// the values the templates read). Template lines and the by-name index
// are derived from the files again.
type KeptChart struct {
	Archive       bool
	Files         []File
	Name, Version string
	// Values are the parsed values files, each one document, encoded
	// (valuesCodec, the documents with yamlwire) and decoded only when
	// something reads them (chartData.valuesDocs): a run whose renderings
	// and their parses are kept never does, and a large chart's
	// values.yaml was most of reading a kept load.
	Values        []byte
	Dups          map[string][]yamldup.Duplicate
	ValuesErrLine int
	// ValuesErrColumn is its column (1 when not known).
	ValuesErrColumn int
	// ChartErrLine is the line of Chart.yaml's YAML error, 0 when it
	// parses.
	ChartErrLine int
	// ChartPlaceholderLine is the line of a generator's placeholder at
	// or before that error (chartData.chartPlaceholderLine).
	ChartPlaceholderLine int
	Hash                 string
	// ReadsDone says Reads and ReadsWhy were computed (only a chart a
	// release installs needs them).
	ReadsDone bool
	Reads     *lint.ChartReads
	ReadsWhy  string
	// Unkept are the files whose contents the load does not keep (their
	// Data nil in Files): a rendering reads them, and positions a
	// template's lines, so they are read again from the chart directory
	// when a chart must render or a rendering's parse was not kept (a CRD
	// chart's load was megabytes read back on every run). An archive
	// keeps all.
	Unkept []string
}

// loadCharts is the chart at c (real path real) as loadChart reads it:
// loaded once per run (opts.Cache), and taken from opts.Charts when kept
// there. reads says a release installs it (its template reads are
// computed, and kept).
func loadCharts(c, real string, p *paths, opts Options, reads bool) (*chartData, *loadError) {
	key := c + "\x00" + real
	if cd := opts.Cache.load(key); cd != nil {
		return cd, nil
	}
	cd, lerr := keptLoad(c, key, p, opts.Charts, reads)
	if lerr != nil {
		return nil, lerr
	}
	if reads {
		cd.chartReads()
	}
	opts.Cache.keepLoad(key, cd)
	return cd, nil
}

// keptLoad is the chart at c from charts, or loaded (and offered to
// charts: a load that followed no symlink, skipped nothing and saw the
// tree hold still). reads says a release installs the chart: the values
// its templates read are worked out now and kept with the load. Other
// loads are kept without them (most charts in a chart repository are
// never installed by a release of the tree, and working them out is a
// parse of every template); a kept load that comes to need them works
// them out then and is refreshed with them (chartReads).
func keptLoad(c, key string, p *paths, charts ChartCache, reads bool) (*chartData, *loadError) {
	if charts == nil || p.tree == nil {
		// Without a tree nothing is observed.
		return loadChart(c, p)
	}
	if k, ok := charts.Lookup(key); ok {
		_, real, _ := strings.Cut(key, "\x00")
		cd := fromKept(c, real, k, p)
		if !k.ReadsDone {
			cd.refresh = func() {
				if k, err := toKept(cd); err == nil {
					charts.Refresh(key, k)
				}
			}
		}
		return cd, nil
	}
	inputs := cache.NewInputs()
	op := *p
	op.tree = p.tree.Observed(inputs)
	cd, lerr := loadChart(c, &op)
	if lerr != nil || cd.linked || len(cd.skipped) > 0 || inputs.Unstable() != "" {
		return cd, lerr
	}
	if reads {
		cd.chartReads()
	}
	if k, err := toKept(cd); err == nil {
		charts.Keep(key, k, inputs.Record())
	}
	return cd, nil
}

// valuesCodec encodes a load's values documents (KeptChart.Values).
var valuesCodec = wire.New()

// toKept is what a chart load keeps; an error when its values documents
// do not encode (a nil node: the load is not kept).
func toKept(cd *chartData) (*KeptChart, error) {
	values, err := cd.encodedValues()
	if err != nil {
		return nil, err
	}
	files, unkept := cd.files, []string(nil)
	if !cd.archive {
		files = make([]File, len(cd.files))
		for i, f := range cd.files {
			if !readOutsideRendering(f.Name) {
				f.Data = nil
				unkept = append(unkept, f.Name)
			}
			files[i] = f
		}
	}
	return &KeptChart{Archive: cd.archive, Files: files, Name: cd.name, Version: cd.version, Values: values, Dups: cd.dups,
		ValuesErrLine: cd.valuesErrLine, ValuesErrColumn: cd.valuesErrColumn, ChartErrLine: cd.chartErrLine, ChartPlaceholderLine: cd.chartPlaceholderLine, Hash: cd.hash, ReadsDone: cd.readsDone, Reads: cd.reads, ReadsWhy: cd.readsWhy,
		Unkept: unkept}, nil
}

// encodedValues are the load's values documents encoded for KeptChart:
// a kept load's own, as kept, when nothing decoded them.
func (cd *chartData) encodedValues() ([]byte, error) {
	if cd.valuesData != nil && !cd.valuesDecoded.Load() {
		return cd.valuesData, nil
	}
	docs := cd.valuesDocs()
	values := make(map[string]yamlwire.Docs, len(docs))
	for name, v := range docs {
		values[name] = yamlwire.Docs{v} // a nil node does not encode
	}
	return valuesCodec.Append(nil, &values)
}

// valuesDocs are the chart's values documents by file name, a kept
// load's decoded the first time they are asked for; a kept load whose
// values do not decode (which its entry's checksum rules out) has none.
func (cd *chartData) valuesDocs() map[string]*yaml.Node {
	if cd.valuesData == nil {
		return cd.values
	}
	cd.valuesOnce.Do(func() {
		var kept map[string]yamlwire.Docs
		cd.values = map[string]*yaml.Node{}
		if rest, err := valuesCodec.Decode(cd.valuesData, &kept); err == nil && len(rest) == 0 {
			for name, docs := range kept {
				if len(docs) == 1 {
					cd.values[name] = docs[0]
				}
			}
		}
		cd.valuesDecoded.Store(true)
	})
	return cd.values
}

// readOutsideRendering says a kept load keeps the contents of the chart
// file name: Chart.yaml and values files (small, and what a chart's
// identity is read from). The rest is read again from the chart
// directory when a rendering must run or a position asks for a
// template's lines (a rendering whose parse was not kept); what the
// templates read is computed before a load is kept.
func readOutsideRendering(name string) bool {
	base := path.Base(name)
	return base == "Chart.yaml" || base == "values.yaml"
}

// unkeptReader reads the files a kept load did not keep from the chart
// directory real, once, and gives the chart's files whole; files that no
// longer hash as the load did (changed since the load's record was
// checked) stop the rendering.
func unkeptReader(tree *treefs.Tree, real string, k *KeptChart) func() ([]File, error) {
	unkept := make(map[string]bool, len(k.Unkept))
	for _, n := range k.Unkept {
		unkept[n] = true
	}
	return sync.OnceValues(func() ([]File, error) {
		files := make([]File, len(k.Files))
		for i, f := range k.Files {
			if unkept[f.Name] {
				data, err := tree.ReadFile(filepath.Join(real, filepath.FromSlash(f.Name)), maxChartFile)
				if err != nil {
					return nil, &StoppedError{Reason: fmt.Sprintf("chart file %s cannot be read again: %v", f.Name, err)}
				}
				f.Data = bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))
			}
			files[i] = f
		}
		if filesHash(files) != k.Hash {
			return nil, &StoppedError{Reason: "the chart's files changed while faultline read them"}
		}
		return files, nil
	})
}

// fromKept is the chart at c (real path real) loaded from k, as
// loadChart would load it; the contents k did not keep are read when a
// rendering asks for them (allFiles).
func fromKept(c, real string, k *KeptChart, p *paths) *chartData {
	cd := &chartData{abs: c, rel: p.rel(c), archive: k.Archive, files: k.Files, name: k.Name, version: k.Version,
		valuesData: k.Values, dups: k.Dups, valuesErrLine: k.ValuesErrLine, valuesErrColumn: k.ValuesErrColumn, chartErrLine: k.ChartErrLine, chartPlaceholderLine: k.ChartPlaceholderLine, hash: k.Hash,
		readsDone: k.ReadsDone, reads: k.Reads, readsWhy: k.ReadsWhy}
	cd.byName = make(map[string][]byte, len(cd.files))
	for _, f := range cd.files {
		cd.byName[f.Name] = f.Data
	}
	if len(k.Unkept) > 0 {
		cd.loadFiles = unkeptReader(p.tree, real, k)
	}
	return cd
}

// fileData is the contents of the chart file name, read again if a kept
// load did not keep them (nil when they cannot be).
func (cd *chartData) fileData(name string) []byte {
	if data := cd.byName[name]; data != nil || cd.loadFiles == nil {
		return data
	}
	files, err := cd.loadFiles()
	if err != nil {
		return nil
	}
	for _, f := range files {
		if f.Name == name {
			return f.Data
		}
	}
	return nil
}

// allFiles are the chart's files with their contents, those a kept load
// did not keep read again.
func (cd *chartData) allFiles() ([]File, error) {
	if cd.loadFiles == nil {
		return cd.files, nil
	}
	return cd.loadFiles()
}

// chartReads is localReads of the chart, computed once, over its files
// with their contents (a kept load's read again). A kept load that did
// not have them is refreshed with them; when its files cannot be read
// as the load read them, the reads are unknown and nothing is refreshed.
func (cd *chartData) chartReads() (*lint.ChartReads, string) {
	if !cd.readsDone {
		files, err := cd.allFiles()
		if err != nil {
			cd.reads, cd.readsWhy, cd.readsDone = nil, fmt.Sprintf("the values chart %s reads are unknown: %v", cd.rel, err), true
			return cd.reads, cd.readsWhy
		}
		cd.reads, cd.readsWhy = localReads(cd, files)
		cd.readsDone = true
		if cd.refresh != nil {
			cd.refresh()
		}
	}
	return cd.reads, cd.readsWhy
}

// load is the chart loaded under key in this run, or nil.
func (c *Cache) load(key string) *chartData {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.loads[key]
}

// keepLoad keeps a chart loaded in this run.
func (c *Cache) keepLoad(key string, cd *chartData) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.loads[key] = cd
}

// templateData is the contents of the template name as Helm names it in
// a rendering error: a file of the chart, or a file of a subchart vendored
// as an archive (charts/<sub>/templates/x.tpl out of charts/<sub>-1.0.0.tgz,
// read with the same bounds as any archive); nil when neither holds it.
func (cd *chartData) templateData(name string) []byte {
	if data := cd.fileData(name); data != nil {
		return data
	}
	rest, ok := strings.CutPrefix(name, "charts/")
	if !ok {
		return nil
	}
	sub, inner, ok := strings.Cut(rest, "/")
	if !ok {
		return nil
	}
	files, err := cd.allFiles()
	if err != nil {
		return nil
	}
	for _, f := range files {
		if !isSubchartArchive(f.Name) {
			continue
		}
		inside, err := unpackArchive(f.Data)
		if err != nil || len(inside) == 0 {
			continue
		}
		var meta, found []byte
		for _, x := range inside {
			switch x.Name {
			case "Chart.yaml":
				meta = x.Data
			case inner:
				found = x.Data
			}
		}
		if m, err := chartMetadata(meta); err == nil && m.Name == sub && found != nil {
			return found
		}
	}
	return nil
}

// isSubchartArchive reports whether a chart file is a subchart vendored
// as an archive: charts/<name>.tgz (or .tar.gz), one level down.
func isSubchartArchive(name string) bool {
	rest, ok := strings.CutPrefix(name, "charts/")
	return ok && !strings.Contains(rest, "/") && (strings.HasSuffix(rest, ".tgz") || strings.HasSuffix(rest, ".tar.gz"))
}
