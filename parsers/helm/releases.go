package helm

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// Finder finds Helm releases in YAML files: helmfile releases
// (helmfile.yaml, helmfile.yml, helmfile.d/*.yaml), Argo CD Applications
// and Flux HelmReleases. Flux values can come from ConfigMaps in other
// files, so files are added first (Add, safe for concurrent use) and
// releases built at the end (Releases).
type Finder struct {
	opts  Options
	p     *paths
	mu    sync.Mutex
	files []*yamlFile
}

// yamlFile is one added file with what was found in it.
type yamlFile struct {
	rel, abs string
	data     []byte
	scope    lint.Scope
	docs     []*yaml.Node
	helmfile bool
}

// NewFinder returns a Finder; opts.Roots bounds which chart and values
// paths are read, opts.Rel makes display paths.
func NewFinder(opts Options) *Finder {
	return &Finder{opts: opts, p: newPaths(&opts)}
}

// IsHelmfile reports whether a path names a helmfile: helmfile.yaml,
// helmfile.yml, or a .yaml/.yml file in a helmfile.d directory.
func IsHelmfile(p string) bool {
	base := filepath.Base(p)
	if base == "helmfile.yaml" || base == "helmfile.yml" {
		return true
	}
	ext := filepath.Ext(base)
	return filepath.Base(filepath.Dir(p)) == "helmfile.d" && (ext == ".yaml" || ext == ".yml")
}

// Add reads one YAML file (rel is its display path, abs its absolute
// path). Files that cannot hold a release or a ConfigMap are skipped
// cheaply; a file that is not valid YAML is left to parsers/kube to
// report.
func (f *Finder) Add(rel, abs string, data []byte, scope lint.Scope) {
	hf := IsHelmfile(abs)
	if !hf && !bytes.Contains(data, []byte("argoproj.io")) && !bytes.Contains(data, []byte("helm.toolkit.fluxcd.io")) && !bytes.Contains(data, []byte("ConfigMap")) {
		return
	}
	docs, _ := parseYAML(data)
	if len(docs) == 0 {
		return
	}
	f.mu.Lock()
	f.files = append(f.files, &yamlFile{rel: rel, abs: abs, data: data, scope: scope, docs: docs, helmfile: hf})
	f.mu.Unlock()
}

// ReleasesFromYAML finds the releases in one YAML file on its own (Flux
// valuesFrom resolves only ConfigMaps of the same file).
func ReleasesFromYAML(rel, abs string, data []byte, scope lint.Scope, opts Options) ([]*lint.Release, []lint.Diagnostic, []lint.Note) {
	f := NewFinder(opts)
	f.Add(rel, abs, data, scope)
	return f.Releases()
}

// Releases builds the releases of every added file, in file order, with
// diagnostics (a values file or local chart that does not exist) and
// notes (what could not be resolved).
func (f *Finder) Releases() ([]*lint.Release, []lint.Diagnostic, []lint.Note) {
	f.mu.Lock()
	files := append([]*yamlFile(nil), f.files...)
	f.mu.Unlock()
	sort.Slice(files, func(i, j int) bool { return files[i].rel < files[j].rel })
	b := &builder{Finder: f, configMaps: collectConfigMaps(files)}
	for _, yf := range files {
		for i, doc := range yf.docs {
			top := body(doc)
			if top == nil || top.Kind != yaml.MappingNode {
				continue
			}
			if yf.helmfile {
				b.helmfile(yf, i, top)
				continue
			}
			api, kind := str(at(top, "apiVersion")), str(at(top, "kind"))
			switch {
			case kind == "Application" && strings.HasPrefix(api, "argoproj.io/"):
				b.argo(yf, i, top)
			case kind == "HelmRelease" && strings.HasPrefix(api, "helm.toolkit.fluxcd.io/"):
				b.flux(yf, i, top)
			}
		}
	}
	return b.out, b.diags, b.notes
}

// builder accumulates releases and problems.
type builder struct {
	*Finder
	configMaps []configMap
	out        []*lint.Release
	diags      []lint.Diagnostic
	notes      []lint.Note
}

func (b *builder) diag(r lint.Range, summary, detail string) {
	b.diags = append(b.diags, lint.Diagnostic{Range: r, Summary: summary, Detail: detail})
}

func (b *builder) note(kind lint.CoverageKind, r lint.Range, what string) {
	b.notes = append(b.notes, lint.Note{Kind: kind, What: what, Range: r})
}

// newRelease starts a release entity.
func newRelease(yf *yamlFile, addr, label string, rng lint.Range, name string, nameRange lint.Range, source lint.Source, tool string) *lint.Release {
	r := &lint.Release{
		Object: lint.Object{
			Kind: lint.KindRelease, Addr: addr, Label: label, Name: lint.Unknown(),
			Range: rng, NameRange: nameRange, Source: source, Scope: yf.scope,
		},
		Namespace:   lint.Unknown(),
		Values:      map[string]any{},
		ValueRanges: map[string]lint.Range{},
		Tool:        tool,
	}
	if name != "" && !strings.Contains(name, "{{") {
		r.Name = lint.Known(name)
	}
	if r.NameRange.IsZero() {
		r.NameRange = rng
	}
	return r
}

// setNamespace sets a release's namespace when written plainly.
func setNamespace(r *lint.Release, ns string) {
	if ns != "" && !strings.Contains(ns, "{{") {
		r.Namespace = lint.Known(ns)
	}
}

// mergeDoc merges a values document into the release and records where
// its keys are written. An empty document merges nothing; anything but a
// mapping is an error.
func mergeDoc(r *lint.Release, n *yaml.Node, pos posFunc) error {
	n = deref(n)
	if n == nil || (n.Kind == yaml.ScalarNode && (n.Tag == "!!null" || n.Value == "")) {
		return nil
	}
	if n.Kind != yaml.MappingNode {
		return errors.New("values must be a mapping")
	}
	v, err := toGo(n)
	if err != nil {
		return err
	}
	m, _ := v.(map[string]any)
	lint.MergeValues(r.Values, m)
	recordRanges(r.ValueRanges, n, "", pos)
	return nil
}

// mergeText merges values given as YAML text written in scalar s of the
// file (Argo CD `values: |`, a ConfigMap key).
func (b *builder) mergeText(r *lint.Release, yf *yamlFile, s *yaml.Node, what string) {
	docs, err := parseYAML([]byte(s.Value))
	pos := embeddedPos(yf.rel, yf.data, s)
	if err != nil {
		b.diag(nodeRange(yf.rel, s), "invalid values", fmt.Sprintf("%s: %s", what, err))
		return
	}
	for _, d := range docs {
		if err := mergeDoc(r, body(d), pos); err != nil {
			b.diag(nodeRange(yf.rel, s), "invalid values", fmt.Sprintf("%s: %s", what, err))
			return
		}
	}
}

// mergeFile merges a values file. A missing file is an FL000 at where it
// is named (ref) unless optional; one outside the scanned tree is a note.
func (b *builder) mergeFile(r *lint.Release, abs string, ref lint.Range, optional bool) {
	data, err := b.p.readFile(abs)
	display := b.p.rel(abs)
	switch {
	case errors.Is(err, errOutside):
		b.note(lint.Unresolved, ref, fmt.Sprintf("%s: values file %s is outside the scanned tree; not read", r.Label, display))
		return
	case errors.Is(err, fs.ErrNotExist):
		if !optional {
			b.diag(ref, "values file not found", fmt.Sprintf("%s names values file %s, which does not exist", r.Label, display))
		}
		return
	case err != nil:
		b.diag(ref, "cannot read values file", fmt.Sprintf("%s: %s", display, err))
		return
	}
	docs, err := parseYAML(data)
	if err != nil {
		b.diag(pointRange(display, 1, 1), "invalid values file", err.Error())
		return
	}
	for _, d := range docs {
		if err := mergeDoc(r, body(d), filePos(display)); err != nil {
			b.diag(pointRange(display, 1, 1), "invalid values file", err.Error())
			return
		}
	}
}

// mergeSet applies a --set style name/value (escaped dots "a\.b").
func mergeSet(r *lint.Release, name string, value any, rng lint.Range) {
	if name == "" {
		return
	}
	parts := lint.SplitSetName(name)
	lint.SetValuePath(r.Values, parts, value)
	r.ValueRanges[strings.Join(parts, ".")] = rng
}

// localChart resolves a chart path against base directories: the first
// existing chart directory or .tgz inside the scanned tree. exists says
// whether the path exists at all (a directory without Chart.yaml is not a
// chart).
func (b *builder) localChart(chart string, bases ...string) (abs string, exists, outside bool) {
	if chart == "" || strings.Contains(chart, "{{") || strings.Contains(chart, "://") {
		return "", false, false
	}
	for _, base := range bases {
		if base == "" {
			continue
		}
		p := chart
		if !filepath.IsAbs(p) {
			p = filepath.Join(base, filepath.FromSlash(chart))
		}
		p = filepath.Clean(p)
		st, err := os.Stat(p)
		if err != nil {
			continue
		}
		exists = true
		real, err := filepath.EvalSymlinks(p)
		if err != nil {
			continue
		}
		if !b.p.inside(real) {
			outside = true
			continue
		}
		if st.IsDir() && isFile(filepath.Join(p, "Chart.yaml")) || !st.IsDir() && strings.HasSuffix(p, ".tgz") {
			return p, true, false
		}
	}
	return "", exists, outside
}

// repoBases are the directories a path in a Git source (Argo CD
// source.path, Flux GitRepository chart) may be relative to: the
// repository holding the file, then each scan root.
func (b *builder) repoBases(abs string) []string {
	var out []string
	for d := filepath.Dir(abs); ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			out = append(out, d)
			break
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	return append(out, b.opts.Roots...)
}

// idx formats a list index.
func idx(i int) string { return "[" + strconv.Itoa(i) + "]" }
