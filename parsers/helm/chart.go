package helm

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"github.com/faultline-dev/faultline/internal/lockedfile"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"go.yaml.in/yaml/v3"
	"helm.sh/helm/v3/pkg/chart/loader"
	"helm.sh/helm/v3/pkg/ignore"

	"github.com/faultline-dev/faultline/internal/templatetext"
	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/internal/yamldup"
	"github.com/faultline-dev/faultline/internal/yamlpos"
	"github.com/faultline-dev/faultline/lint"
)

// Bounds on one chart, directory or archive.
const (
	maxChartSize  = 20 << 20 // all files together (decompressed)
	maxChartFiles = 5000
	maxChartFile  = 5 << 20 // one file, as Helm's loader
)

// FindCharts returns the charts among the given paths (the files and
// directories discovery walked): the directory of every Chart.yaml, every
// .tgz file, and every directory holding a Chart.yaml. Charts inside
// another chart's charts/ directory are its dependencies and are left
// out. The result is sorted and free of duplicates.
func FindCharts(paths []string) []string {
	set := map[string]bool{}
	for _, p := range paths {
		p = filepath.Clean(p)
		switch {
		case filepath.Base(p) == "Chart.yaml":
			set[filepath.Dir(p)] = true
		case strings.HasSuffix(p, ".tgz"):
			set[p] = true
		default:
			if st, err := os.Stat(p); err == nil && st.IsDir() {
				if st, err := os.Stat(filepath.Join(p, "Chart.yaml")); err == nil && st.Mode().IsRegular() {
					set[p] = true
				}
			}
		}
	}
	var out []string
	for p := range set {
		if !isDependency(p, set) {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// isDependency reports whether chart p sits in the charts/ directory of
// another chart in set (at any depth), or in a chart's templates.
func isDependency(p string, set map[string]bool) bool {
	for d := filepath.Dir(p); ; d = filepath.Dir(d) {
		parent := filepath.Dir(d)
		if parent == d {
			return false
		}
		if base := filepath.Base(d); (base == "charts" || base == "templates") && set[parent] {
			return true
		}
		if base := filepath.Base(d); (base == "charts" || base == "templates") && isFile(filepath.Join(parent, "Chart.yaml")) {
			return true
		}
	}
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// chartData is a chart read into memory, with what positions need.
type chartData struct {
	abs     string // as given (directory or .tgz)
	rel     string // display path
	archive bool
	files   []File
	byName  map[string][]byte
	name    string // Chart.yaml name
	version string // Chart.yaml version
	// values are the parsed values.yaml files by chart path
	// ("values.yaml", "charts/sub/values.yaml").
	values map[string]*yaml.Node
	// dups are the keys those files write twice (Helm keeps the last).
	dups map[string][]yamldup.Duplicate
	// lines are the template files' lines, for positions, split when a
	// rendering's position first asks for one (templateLinesOf) under
	// linesMu: most of a kept chart's templates are never asked.
	linesMu sync.Mutex
	lines   map[string][]lineInfo
	// readsValues says, by template, whether it reads .Values
	// (templateReadsValues): asked once per rendering of a release whose
	// values are not all known.
	readsValues sync.Map
	// skipped lists files left out (symlinks leaving the chart, files
	// a checkout holds locked).
	skipped []skippedFile
	// valuesErrLine is the line of values.yaml's YAML error, 0 when it
	// parses.
	valuesErrLine int
	// valuesErrColumn is its column, 0 when not known.
	valuesErrColumn int
	// chartErrLine is the line of Chart.yaml's YAML error, 0 when it
	// parses.
	chartErrLine int
	// chartPlaceholderLine is the line, at or before chartErrLine, of a
	// placeholder a generator fills in ({{ name }}, a cookiecutter or
	// Jinja skeleton's): Helm never templates Chart.yaml, so the chart
	// is a skeleton, not a chart. 0 when there is none.
	chartPlaceholderLine int
	// linked says the walk followed a symlink (such a load is not kept:
	// what a link leads to is not all recorded).
	linked bool
	// hash identifies the files (filesHash).
	hash string
	// loadFiles, for a kept load that did not keep every file's contents
	// (their Data nil in files), reads them (allFiles).
	loadFiles func() ([]File, error)
	// reads is what the templates read of the values (localReads), once
	// readsDone.
	reads     *lint.ChartReads
	readsWhy  string
	readsDone bool
	// refresh, for a kept load kept without reads, rewrites the kept
	// load with them once they are worked out (chartReads).
	refresh func()
	// valuesData, for a kept load, are its values documents encoded
	// (KeptChart.Values): values holds them once valuesDocs decoded them
	// (valuesOnce; valuesDecoded says so).
	valuesData    []byte
	valuesOnce    sync.Once
	valuesDecoded atomic.Bool
	// mounts are the charts packed under charts/<name>/ from a file://
	// dependency (withDependencies), by name: their files are shown
	// where they lie.
	mounts map[string]*chartData
	// libraryHelpers are the helper templates of the library charts under
	// charts/ (libraryHelperTemplates), worked out once.
	libraryHelpersOnce sync.Once
	libraryHelpers     []string
}

// loadChart reads a chart directory (walked here, never following a
// symlink out of the chart, honouring .helmignore, bounded in size) or a
// .tgz archive (size-bounded, through Helm's archive reader).
func loadChart(abs string, p *paths) (*chartData, *loadError) {
	cd := &chartData{abs: abs, rel: p.rel(abs), archive: !isDir(abs)}
	fail := func(summary, detail string) (*chartData, *loadError) {
		file := cd.rel
		if !cd.archive {
			file = p.rel(filepath.Join(abs, "Chart.yaml"))
		}
		return nil, &loadError{lint.Diagnostic{Range: pointRange(file, 1, 1), Summary: summary, Detail: detail}, nil}
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return fail("cannot read chart", err.Error())
	}
	if !p.inside(real) {
		return nil, &loadError{err: errOutside}
	}
	var files []File
	if cd.archive {
		files, err = readArchive(p.tree, real)
	} else {
		files, cd.skipped, cd.linked, err = walkChart(p.tree, real, p.inside)
	}
	if err != nil {
		return fail("cannot read chart", err.Error())
	}
	cd.files = files
	cd.hash = filesHash(files)
	cd.byName = make(map[string][]byte, len(files))
	cd.values = map[string]*yaml.Node{}
	cd.dups = map[string][]yamldup.Duplicate{}
	for _, f := range files {
		cd.byName[f.Name] = f.Data
		if f.Name == "values.yaml" || (strings.HasPrefix(f.Name, "charts/") && strings.Count(f.Name, "/") == 2 && path.Base(f.Name) == "values.yaml") {
			docs, err := parseYAML(f.Data)
			if err == nil && len(docs) > 0 {
				// Helm's loader keeps the last value of a key written
				// twice: so do the positions.
				var dups []yamldup.Duplicate
				cd.values[f.Name], dups = yamldup.LastWins(body(docs[0]))
				if len(dups) > 0 {
					cd.dups[f.Name] = dups
				}
			}
			if err != nil && f.Name == "values.yaml" {
				cd.valuesErrLine, _, _, _ = yamlpos.ErrorAt(f.Data, err.Error())
			}
			if err == nil && len(docs) > 0 && f.Name == "values.yaml" {
				// YAML allows a key that is not a scalar (an unquoted
				// `{{ .Release.Name }}` is a mapping); Helm's loader,
				// converting to JSON, refuses it.
				if k := nonScalarKey(body(docs[0])); k != nil {
					cd.valuesErrLine, cd.valuesErrColumn = k.Line, k.Column
				}
			}
		}
	}
	if data, ok := cd.byName["Chart.yaml"]; ok {
		if _, err := parseYAML(data); err != nil {
			cd.chartErrLine, _, _, _ = yamlpos.ErrorAt(data, err.Error())
			cd.chartPlaceholderLine = placeholderLine(data, cd.chartErrLine)
		}
		if meta, err := chartMetadata(data); err == nil {
			cd.name, cd.version = meta.Name, meta.Version
		}
	}
	return cd, nil
}

// display is the display path of a file of a directory chart.
func (cd *chartData) display(p *paths, name string) string {
	if rest, ok := strings.CutPrefix(name, "charts/"); ok && cd.mounts != nil {
		if sub, inner, ok := strings.Cut(rest, "/"); ok && cd.mounts[sub] != nil {
			return cd.mounts[sub].display(p, inner)
		}
	}
	return p.rel(filepath.Join(cd.abs, filepath.FromSlash(name)))
}

// loadError is a chart that cannot be read: a diagnostic, or errOutside.
type loadError struct {
	lint.Diagnostic
	err error
}

func (e *loadError) Error() string {
	if e.err != nil {
		return e.err.Error()
	}
	return e.Summary + ": " + e.Detail
}

func (e *loadError) Unwrap() error { return e.err }

// isTemplateFile reports whether a chart path is a template of the chart
// or of a directory subchart.
func isTemplateFile(name string) bool {
	return strings.HasPrefix(name, "templates/") || (strings.HasPrefix(name, "charts/") && strings.Contains(name, "/templates/"))
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// walkChart reads a chart directory's files. Symlinks are followed, to
// files and to directories, as Helm's loader follows them, but only to
// what lies inside the scanned tree (inside); directories a .helmignore
// names are skipped; the chart is bounded in size and file count. Every
// directory is listed and every file read through the chart's own view
// of parent (what a symlink leads to outside the chart through parent),
// so the run's observers see the whole load (a kept load rests on it);
// linked says a symlink was followed, which they do not see whole.
func walkChart(parent *treefs.Tree, dir string, inside func(string) bool) (files []File, skipped []skippedFile, linked bool, err error) {
	// The chart's own tree: reads stay inside it, and each directory is
	// resolved once rather than once per file; the run's observers see
	// them.
	w := &chartWalk{tree: parent.Rooted(dir), outer: parent, inside: inside, dir: dir, rules: ignore.Empty(), followed: map[string]bool{}}
	if data, err := w.tree.ReadFile(filepath.Join(dir, ignore.HelmIgnore), maxChartFile); err == nil {
		if r, err := ignore.Parse(bytes.NewReader(data)); err == nil {
			w.rules = r
		}
	}
	w.rules.AddDefaults()
	err = w.walk(dir, dir)
	return w.files, w.skipped, w.linked, err
}

// chartWalk is one walk of a chart directory (walkChart).
type chartWalk struct {
	// tree reads the chart's own files; outer, the scanned tree, those a
	// symlink of the chart names elsewhere in it.
	tree, outer *treefs.Tree
	// inside says whether a real path lies in the scanned tree.
	inside  func(string) bool
	dir     string
	rules   *ignore.Rules
	total   int64
	files   []File
	skipped []skippedFile
	linked  bool
	// followed are the real directories a symlink led the walk into
	// (a link back up would walk for ever).
	followed map[string]bool
}

// skippedFile is a chart file left out, and why.
type skippedFile struct{ name, why string }

// notRegular is why a symlink leaving the scanned tree, or a file that
// is not regular, is left out.
const notRegular = "is a symlink leaving the scanned tree or not a regular file"

// walk reads the directory of the chart at logical (as Helm names its
// files) and those below it, entries in name order, as Helm's loader
// visits them (sympath.Walk): a symlink to a directory inside the
// scanned tree is walked as if it were there; real is where the
// directory really is.
func (w *chartWalk) walk(logical, real string) error {
	ents, err := w.reader(real).ReadDir(real)
	if err != nil {
		return err
	}
	for _, de := range ents {
		p := filepath.Join(logical, de.Name())
		rel, err := filepath.Rel(w.dir, p)
		if err != nil {
			return err
		}
		name := filepath.ToSlash(rel)
		info, err := de.Info()
		if err != nil {
			return err
		}
		target := filepath.Join(real, de.Name())
		if de.Type()&fs.ModeSymlink != 0 {
			w.linked = true
			t, st, ok := w.follow(target)
			if !ok {
				w.skipped = append(w.skipped, skippedFile{name, notRegular})
				continue
			}
			target, info = t, st
		}
		if info.IsDir() {
			if w.rules.Ignore(name, info) {
				continue
			}
			if de.Type()&fs.ModeSymlink != 0 {
				if w.followed[target] {
					continue // a link back to a directory walked already
				}
				w.followed[target] = true
			}
			if err := w.walk(p, target); err != nil {
				return err
			}
			continue
		}
		if w.rules.Ignore(name, info) {
			continue
		}
		if err := w.file(target, name, info); err != nil {
			return err
		}
	}
	return nil
}

// follow resolves a symlink of the chart: its real path and what it is,
// when that lies inside the scanned tree (Helm follows symlinks
// anywhere; faultline reads nothing outside the tree).
func (w *chartWalk) follow(link string) (string, fs.FileInfo, bool) {
	t, err := w.outer.EvalSymlinks(link)
	if err != nil || !within(w.dir, t) && !w.inside(t) {
		return "", nil, false
	}
	st, err := os.Stat(t)
	if err != nil {
		return "", nil, false
	}
	return t, st, true
}

// reader is the tree a real path of the walk is read through: the
// chart's own, or the scanned tree for what a symlink leads to outside
// the chart.
func (w *chartWalk) reader(real string) *treefs.Tree {
	if within(w.dir, real) {
		return w.tree
	}
	return w.outer
}

// file reads the chart file at target, its real path (name inside the
// chart, as Helm names it).
func (w *chartWalk) file(target, name string, info fs.FileInfo) error {
	if !info.Mode().IsRegular() {
		w.skipped = append(w.skipped, skippedFile{name, notRegular})
		return nil
	}
	if len(w.files) >= maxChartFiles {
		return fmt.Errorf("the chart has more than %d files", maxChartFiles)
	}
	if info.Size() > maxChartFile {
		return fmt.Errorf("chart file %s is larger than %d MiB", name, maxChartFile>>20)
	}
	if w.total += info.Size(); w.total > maxChartSize {
		return fmt.Errorf("the chart is larger than %d MiB", maxChartSize>>20)
	}
	data, err := w.reader(target).ReadFile(target, maxChartFile)
	if errors.Is(err, treefs.ErrTooLarge) {
		return fmt.Errorf("%s is larger than %s", filepath.Base(target), treefs.Size(maxChartFile))
	}
	if err != nil {
		return err
	}
	if why, locked := lockedfile.Why(data); locked {
		// A packed subchart not fetched (git lfs pull) or a file not
		// decrypted: left out, as a dependency not vendored is.
		w.skipped = append(w.skipped, skippedFile{name, "is " + why})
		return nil
	}
	w.files = append(w.files, File{Name: name, Data: bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))})
	return nil
}

// readLimited reads at most limit bytes of a regular file, failing beyond
// (a FIFO or device is refused before it is read from).
func readLimited(tree *treefs.Tree, p string, limit int64) ([]byte, error) {
	// Confinement is the caller's: the file's own directory is read, as
	// the run's observers see it.
	data, err := tree.Rooted(filepath.Dir(p)).ReadFile(p, limit)
	if errors.Is(err, treefs.ErrTooLarge) {
		return nil, fmt.Errorf("%s is larger than %s", filepath.Base(p), treefs.Size(limit))
	}
	return data, err
}

// readArchive reads a .tgz chart: the compressed file and its
// decompressed content are both bounded before Helm's archive reader
// (which checks paths) unpacks it (unpackArchive).
func readArchive(tree *treefs.Tree, p string) ([]File, error) {
	data, err := readLimited(tree, p, maxChartSize)
	if err != nil {
		return nil, err
	}
	return unpackArchive(data)
}

// unpackArchive is the files of a .tgz chart's bytes, names relative to
// the chart (nil when the archive holds no chart), its decompressed
// content bounded before Helm's archive reader unpacks it.
func unpackArchive(data []byte) ([]File, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("not a gzip-compressed chart archive: %w", err)
	}
	n, err := io.Copy(io.Discard, io.LimitReader(zr, maxChartSize+1))
	if err != nil {
		return nil, fmt.Errorf("corrupt chart archive: %w", err)
	}
	if n > maxChartSize {
		return nil, fmt.Errorf("the chart is larger than %d MiB decompressed", maxChartSize>>20)
	}
	if !hasChartYAML(data) {
		return nil, nil // not a chart: the caller notes it
	}
	bfs, err := loader.LoadArchiveFiles(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("corrupt chart archive: %w", err)
	}
	if len(bfs) > maxChartFiles {
		return nil, fmt.Errorf("the chart has more than %d files", maxChartFiles)
	}
	if len(bfs) == 0 {
		return nil, errors.New("the archive is empty")
	}
	files := make([]File, 0, len(bfs))
	for _, f := range bfs {
		files = append(files, File{Name: f.Name, Data: f.Data})
	}
	return files, nil
}

// hasChartYAML reports whether a gzip-compressed tar archive holds a
// Chart.yaml one directory deep, as a packaged chart does. An archive that
// does not (a drawing, a backup that happens to end in .tgz) is not a
// chart and is never broken chart input.
func hasChartYAML(data []byte) bool {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return true // let the loader say what is wrong
	}
	tr := tar.NewReader(zr)
	for range maxChartFiles + 1 {
		h, err := tr.Next()
		if err != nil {
			return !errors.Is(err, io.EOF)
		}
		parts := strings.Split(strings.TrimPrefix(path.Clean(h.Name), "./"), "/")
		if len(parts) == 2 && parts[1] == "Chart.yaml" {
			return true
		}
	}
	return true
}

// nonScalarKey is the first mapping key of a values tree that is not a
// scalar, nil when every key is one.
func nonScalarKey(n *yaml.Node) *yaml.Node {
	if n == nil {
		return nil
	}
	if n.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(n.Content); i += 2 {
			if k := n.Content[i]; k.Kind != yaml.ScalarNode && k.Kind != yaml.AliasNode {
				return k
			}
		}
	}
	for _, c := range n.Content {
		if k := nonScalarKey(c); k != nil {
			return k
		}
	}
	return nil
}

// sourceName is the chart file a template name Helm gives comes from:
// the name itself, or for a template of a subchart a dependency aliases
// (Helm names its templates by the alias, charts/jobs/templates/…) the
// file in the subchart's own directory (charts/worker/…).
func (cd *chartData) sourceName(name string) string {
	if _, ok := cd.byName[name]; ok {
		return name
	}
	if real, ok := cd.unaliased(name); ok {
		return real
	}
	if real, ok := cd.subchartDir(name); ok {
		return real
	}
	return name
}

// subchartDir maps a template name Helm gives a subchart's file by the
// subchart's name (charts/<name>/templates/x.yaml: Helm names a chart's
// templates by its Chart.yaml name, not by the directory it is loaded
// from) to the file in the directory under charts/ holding that chart
// (charts/<dir>/templates/x.yaml), when exactly one directory does. One
// level of subcharts; ok is false otherwise.
func (cd *chartData) subchartDir(name string) (string, bool) {
	rest, ok := strings.CutPrefix(name, "charts/")
	if !ok {
		return "", false
	}
	chartName, inner, ok := strings.Cut(rest, "/")
	if !ok {
		return "", false
	}
	found := ""
	for _, f := range cd.files {
		sub, ok := strings.CutPrefix(f.Name, "charts/")
		if !ok || strings.Count(sub, "/") != 1 || path.Base(sub) != "Chart.yaml" || path.Dir(sub) == chartName {
			continue
		}
		sm, err := chartMetadata(f.Data)
		if err != nil || sm.Name != chartName {
			continue
		}
		real := "charts/" + path.Dir(sub) + "/" + inner
		if _, ok := cd.byName[real]; !ok {
			continue
		}
		if found != "" {
			return "", false
		}
		found = real
	}
	return found, found != ""
}

// unaliased maps a template name Helm gives a subchart's file by its
// dependency's alias (charts/<alias>/templates/x.yaml) to the file of the
// chart's directory it comes from: the directory under charts/ holding
// the chart the aliased dependency names (charts/<dir>/templates/x.yaml).
// One level of subcharts; ok is false when name is not such a name.
func (cd *chartData) unaliased(name string) (string, bool) {
	rest, ok := strings.CutPrefix(name, "charts/")
	if !ok {
		return "", false
	}
	alias, inner, ok := strings.Cut(rest, "/")
	if !ok {
		return "", false
	}
	meta, err := chartMetadata(cd.byName["Chart.yaml"])
	if err != nil {
		return "", false
	}
	for _, d := range meta.Dependencies {
		if d == nil || d.Alias != alias || d.Name == alias {
			continue
		}
		for _, f := range cd.files {
			sub, ok := strings.CutPrefix(f.Name, "charts/")
			if !ok || strings.Count(sub, "/") != 1 || path.Base(sub) != "Chart.yaml" {
				continue
			}
			if sm, err := chartMetadata(f.Data); err == nil && sm.Name == d.Name {
				real := "charts/" + path.Dir(sub) + "/" + inner
				if _, ok := cd.byName[real]; ok {
					return real, true
				}
			}
		}
	}
	return "", false
}

// placeholderLine is the last line at or before line (1-based; the whole
// of data when 0) of data that holds a generator's placeholder outside a
// comment (templatetext.Placeholder), 0 when none does. A Go template
// action reading the chart's data ({{ .Values.tag }}) is no generator's:
// it is Helm's syntax written where Helm does not template.
func placeholderLine(data []byte, line int) int {
	found := 0
	for i, l := range bytes.Split(data, []byte("\n")) {
		if line > 0 && i+1 > line {
			break
		}
		if t := bytes.TrimSpace(l); !bytes.HasPrefix(t, []byte("#")) && templatetext.Placeholder.Match(l) && !helmAction.Match(l) {
			found = i + 1
		}
	}
	return found
}

// helmAction is a Go template action reading the template's data or a
// variable, as Helm's templates write them ({{ .Values.x }}, {{- $x }}).
var helmAction = regexp.MustCompile(`\{\{-?\s*[.$]`)
