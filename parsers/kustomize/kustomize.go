// Package kustomize renders Kustomize overlays in-process with
// sigs.k8s.io/kustomize/api (krusty) so their output can be read by
// parsers/kube, and maps rendered positions back to the files a user edits.
//
// krusty never touches the network or runs a program here: it runs on an
// in-memory filesystem holding copies of the files the kustomization tree
// names (never leaving the scan root), with the default root-only load
// restrictions and builtin plugins only. Before the copies are made, remote
// entries (git repositories, URLs) are removed from every kustomization
// (each removal is a coverage note), and helmCharts are taken out and
// rendered through faultline's own Helm path; their output is added to the
// kustomization as a resource file, so patches apply to it.
package kustomize

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/faultline-dev/faultline/internal/yamlpos"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/api/resmap"
	"sigs.k8s.io/kustomize/kyaml/filesys"

	"github.com/faultline-dev/faultline/lint"
)

// DefaultMaxBytes bounds the files copied for one kustomization tree and
// its rendered output when Options.MaxBytes is not set.
const DefaultMaxBytes = 50 << 20

// maxFiles bounds how many files one kustomization tree may copy.
const maxFiles = 10000

// originAnnotation is the annotation krusty records resource origins in.
const originAnnotation = "config.kubernetes.io/origin"

// Options say how to render a kustomization.
type Options struct {
	// ScanRoot is the directory files may not leave (symlinks are resolved
	// before the check). Empty: no restriction.
	ScanRoot string
	// Rel reports an absolute path the way ranges do; nil: relative to
	// ScanRoot, with forward slashes.
	Rel func(abs string) string
	// Helm renders helmCharts entries; nil: they are skipped with a note.
	Helm HelmRenderer
	// MaxBytes bounds the files copied and the rendered output
	// (default DefaultMaxBytes).
	MaxBytes int64
}

// Rendered is a kustomization's output.
type Rendered struct {
	// Root is the kustomization directory, as Options.Rel reports it.
	Root string
	// Content is the rendered multi-document YAML.
	Content []byte
	// Map maps a range in Content (text is the node's scalar text, "" for
	// collections) to where a user would change it: a value set by a patch
	// to the patch, anything else to the resource file the object came
	// from (in a base, perhaps), a chart's output to the helmCharts entry.
	// Best effort: an unknown position maps to the object's source file,
	// else the kustomization file. Safe for concurrent use.
	Map func(r lint.Range, text string) lint.Range
}

// Render renders the kustomization in root (absolute, or relative to
// Options.ScanRoot). It returns what rendered, input diagnostics (FL000:
// a kustomization that cannot be read or built) and coverage notes (remote
// resources and charts that were not fetched). When the build fails,
// Content is empty.
func Render(root string, opts Options) (Rendered, []lint.Diagnostic, []lint.Note) {
	b := newBuilder(opts)
	rootAbs := root
	if !filepath.IsAbs(rootAbs) {
		base := b.scanRoot
		if opts.ScanRoot == "" {
			base, _ = os.Getwd()
		}
		rootAbs = filepath.Join(base, rootAbs)
	}
	rootAbs = filepath.Clean(rootAbs)
	out := Rendered{Root: b.rel(rootAbs)}
	b.fallback = lint.Range{File: out.Root, Line: 1, Column: 1, EndLine: 1, EndColumn: 1}
	if f, ok := kustFile(rootAbs); ok {
		b.fallback.File = b.rel(f)
	}
	out.Map = func(lint.Range, string) lint.Range { return b.fallback }
	if !b.inside(rootAbs) {
		b.diag(b.fallback, "Cannot render Kustomize overlay", fmt.Sprintf("%s is outside the scanned directory", out.Root))
		return out, b.diags, b.notes
	}
	k := b.loadDir(rootAbs)
	if k == nil && len(b.diags) == 0 {
		b.diag(b.fallback, "Cannot render Kustomize overlay", fmt.Sprintf("no kustomization file in %s", out.Root))
	}
	if k == nil || b.fatal {
		return out, b.diags, b.notes
	}
	rm, err := run(b.fs, b.mem(rootAbs))
	if err != nil {
		r, msg := b.errorRange(err.Error()), b.cleanMessage(err.Error())
		if b.removed > 0 {
			// Patches and references into what was not fetched fail the
			// build: that is missing coverage, not broken input.
			b.note(r, fmt.Sprintf("kustomization %s not rendered without the remote resources or charts it names: %s", out.Root, msg))
		} else {
			b.diag(r, "Cannot render Kustomize overlay", msg)
		}
		return out, b.diags, b.notes
	}
	content, docs, err := b.output(rm)
	if err != nil {
		b.diag(b.fallback, "Cannot render Kustomize overlay", err.Error())
		return out, b.diags, b.notes
	}
	out.Content = content
	out.Map = newMapper(b, docs, content, b.mem(rootAbs)).Map
	return out, b.diags, b.notes
}

// runMu serialises krusty runs: kyaml keeps the OpenAPI schema (which a
// kustomization may replace) in a global.
var runMu sync.Mutex

// run builds the kustomization at path in fs: root-only load restrictions,
// builtin plugins only (no exec, no Go plugins, no KRM functions).
func run(fs filesys.FileSystem, path string) (rm resmap.ResMap, err error) {
	runMu.Lock()
	defer runMu.Unlock()
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("kustomize panicked: %v", r)
		}
	}()
	o := krusty.MakeDefaultOptions()
	quietStderr(func() { rm, err = krusty.MakeKustomizer(o).Run(fs, path) })
	return rm, err
}

// builder copies a kustomization tree into memory.
type builder struct {
	opts     Options
	scanRoot string // absolute; "/" when unrestricted
	realRoot string // scanRoot with symlinks resolved
	fs       filesys.FileSystem
	maxBytes int64

	kusts    map[string]*kustomization // by absolute directory
	order    []*kustomization          // in the order they were reached
	visiting map[string]bool
	files    map[string]string // memory path → absolute path on disk
	orig     map[string][]byte // memory path → content as read
	refs     []refLoc          // every local path named, for error positions
	patches  []*patchSrc       // in the order kustomize applies them
	helm     map[string]lint.Range
	helmSeq  map[*kustomization]int
	count    int
	bytes    int64
	removed  int // remote entries removed, charts and plugins not run
	tooBig   bool
	fatal    bool
	fallback lint.Range

	diags []lint.Diagnostic
	notes []lint.Note
}

// refLoc is a local path named in a kustomization.
type refLoc struct {
	k   *kustomization
	r   ref
	mem string // memory path it resolves to
}

func newBuilder(opts Options) *builder {
	b := &builder{
		opts:     opts,
		fs:       filesys.MakeFsInMemory(),
		maxBytes: opts.MaxBytes,
		kusts:    map[string]*kustomization{},
		visiting: map[string]bool{},
		files:    map[string]string{},
		orig:     map[string][]byte{},
		helm:     map[string]lint.Range{},
		helmSeq:  map[*kustomization]int{},
	}
	if b.maxBytes <= 0 {
		b.maxBytes = DefaultMaxBytes
	}
	b.scanRoot = string(filepath.Separator)
	if opts.ScanRoot != "" {
		if a, err := filepath.Abs(opts.ScanRoot); err == nil {
			b.scanRoot = a
		} else {
			b.scanRoot = filepath.Clean(opts.ScanRoot)
		}
	}
	b.realRoot = b.scanRoot
	if r, err := filepath.EvalSymlinks(b.scanRoot); err == nil {
		b.realRoot = r
	}
	return b
}

// rel reports an absolute path the way ranges do.
func (b *builder) rel(abs string) string {
	if b.opts.Rel != nil {
		return b.opts.Rel(abs)
	}
	r, err := filepath.Rel(b.scanRoot, abs)
	if err != nil {
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(r)
}

// within reports whether p is root or below it.
func within(root, p string) bool {
	r, err := filepath.Rel(root, p)
	return err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) && !filepath.IsAbs(r)
}

// inside reports whether p (and, when it exists, what its symlinks lead
// to) lies in the scan root.
func (b *builder) inside(p string) bool {
	if !within(b.scanRoot, p) {
		return false
	}
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return within(b.realRoot, r)
	}
	return true
}

// mem is the in-memory path of an absolute path in the scan root.
func (b *builder) mem(abs string) string {
	r, err := filepath.Rel(b.scanRoot, abs)
	if err != nil || r == "." {
		return "/"
	}
	return "/" + filepath.ToSlash(r)
}

// disk is the absolute path of an in-memory path.
func (b *builder) disk(m string) string {
	if f, ok := b.files[m]; ok {
		return f
	}
	return filepath.Join(b.scanRoot, filepath.FromSlash(strings.TrimPrefix(m, "/")))
}

func (b *builder) diag(r lint.Range, summary, detail string) {
	b.diags = append(b.diags, lint.Diagnostic{Range: r, Summary: summary, Detail: detail})
}

func (b *builder) note(r lint.Range, what string) {
	b.removed++
	b.notes = append(b.notes, lint.Note{Kind: lint.Skipped, What: what, Range: r})
}

// at is the range of a node in a kustomization file.
func (b *builder) at(k *kustomization, n *yaml.Node) lint.Range {
	if n == nil {
		return lint.Range{File: b.rel(k.file), Line: 1, Column: 1, EndLine: 1, EndColumn: 1}
	}
	r := nodeRange(n, offset{})
	r.File = b.rel(k.file)
	return r
}

// budget accounts for one more file of n bytes; false once the tree is too
// large (reported once).
func (b *builder) budget(k *kustomization, n int) bool {
	b.count++
	b.bytes += int64(n)
	if b.count <= maxFiles && b.bytes <= b.maxBytes {
		return true
	}
	if !b.tooBig {
		b.tooBig = true
		b.fatal = true
		b.diag(b.at(k, nil), "Cannot render Kustomize overlay",
			fmt.Sprintf("the kustomization tree is larger than %d files or %d bytes", maxFiles, b.maxBytes))
	}
	return false
}

// loadDir copies the kustomization in dir and everything it names into
// memory, depth first, and returns it (nil when dir holds none or is being
// visited: krusty reports the cycle).
func (b *builder) loadDir(dir string) *kustomization {
	if k, ok := b.kusts[dir]; ok {
		return k
	}
	if b.visiting[dir] || b.tooBig {
		return nil
	}
	b.visiting[dir] = true
	defer delete(b.visiting, dir)
	k := readKust(dir)
	if k.file == "" {
		_ = b.fs.MkdirAll(b.mem(dir))
		return nil
	}
	if k.err != nil {
		b.fatal = true
		l := max(yamlErrorLine(k.err.Error()), 1)
		b.diag(lint.Range{File: b.rel(k.file), Line: l, Column: 1, EndLine: l, EndColumn: 1}, "Cannot read kustomization", k.err.Error())
		return nil
	}
	b.kusts[dir] = k
	b.order = append(b.order, k)
	m := b.mem(k.file)
	b.files[m] = k.file
	b.orig[m] = k.data
	if !b.budget(k, len(k.data)) {
		return k
	}
	if k.top == nil {
		_ = b.fs.WriteFile(m, k.data)
		return k
	}
	b.rewrite(k)
	data, err := yaml.Marshal(k.doc)
	if err != nil {
		b.fatal = true
		b.diag(b.at(k, nil), "Cannot read kustomization", err.Error())
		return k
	}
	_ = b.fs.WriteFile(m, data)
	return k
}

// yamlErrorLine is the 1-based line a YAML error names, or 0.
func yamlErrorLine(msg string) int {
	l, _, _ := yamlpos.ErrorLine(msg)
	return l
}

// pluginFields are the kustomization fields whose entries configure
// plugins.
var pluginFields = map[string]bool{"generators": true, "transformers": true, "validators": true}

// rewrite makes a kustomization safe and traceable for krusty: remote
// entries and chart entries go, chart output comes in as resources, the
// files it names are copied, and origin annotations are switched on.
func (b *builder) rewrite(k *kustomization) {
	// bases is resources under an old name (kustomize appends it the same
	// way); renaming it spares a deprecation warning on stderr.
	if bk, bases := getPair(k.top, "bases"); bases != nil {
		if res := get(k.top, "resources"); res != nil && res.Kind == yaml.SequenceNode && bases.Kind == yaml.SequenceNode {
			res.Content = append(res.Content, bases.Content...)
			removeKey(k.top, bk)
		} else if res == nil {
			bk.Value = "resources"
		}
	}
	for _, r := range k.refs() {
		if r.isInline() {
			if pluginFields[r.field] {
				b.inlinePlugin(k, r)
			}
			continue
		}
		if isRemote(r.value) {
			r.remove()
			b.note(b.at(k, r.node), fmt.Sprintf("remote kustomize %s %s not fetched", noun(r.field), r.value))
			continue
		}
		loc := b.at(k, r.node)
		if filepath.IsAbs(r.value) {
			b.fatal = true
			b.diag(loc, "Cannot render Kustomize overlay", fmt.Sprintf("%s entry %q is an absolute path; kustomize paths are relative to the kustomization", r.field, r.value))
			continue
		}
		p := absUnder(k.dir, r.value)
		b.refs = append(b.refs, refLoc{k: k, r: r, mem: b.mem(p)})
		if !b.inside(p) {
			b.fatal = true
			b.diag(loc, "Cannot render Kustomize overlay", fmt.Sprintf("%s entry %q leads outside the scanned directory", r.field, r.value))
			continue
		}
		fi, err := os.Stat(p)
		if err != nil {
			b.fatal = true
			b.diag(loc, "Cannot render Kustomize overlay", fmt.Sprintf("%s entry %q: %s does not exist", r.field, r.value, b.rel(p)))
			continue
		}
		switch {
		case fi.IsDir():
			if r.kind == refFile {
				_ = b.fs.MkdirAll(b.mem(p)) // krusty reports a directory where a file belongs
				continue
			}
			if b.loadDir(p) == nil && !b.fatal {
				_ = b.fs.MkdirAll(b.mem(p)) // krusty reports the missing kustomization
			}
		case fi.Mode().IsRegular():
			b.copyFile(k, p, r.field)
		default:
			b.fatal = true
			b.diag(loc, "Cannot render Kustomize overlay", fmt.Sprintf("%s entry %q is not a regular file or directory", r.field, r.value))
		}
	}
	b.charts(k)
	b.collectPatches(k)
	// Origin annotations say which file each rendered object came from.
	bm := get(k.top, "buildMetadata")
	if bm == nil || bm.Kind != yaml.SequenceNode {
		bm = &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
		setKey(k.top, "buildMetadata", bm)
	}
	has := false
	for _, it := range bm.Content {
		has = has || it.Value == "originAnnotations"
	}
	if !has {
		bm.Content = append(bm.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "originAnnotations"})
	}
}

// noun names what a kustomization field's entries are.
func noun(field string) string {
	switch field {
	case "resources", "bases":
		return "resource"
	case "components":
		return "component"
	case "patches", "patchesJson6902", "patchesStrategicMerge":
		return "patch"
	case "generators", "transformers", "validators":
		return strings.TrimSuffix(field, "s")
	case "configMapGenerator", "secretGenerator":
		return "generator file"
	}
	return field + " entry"
}

// copyFile copies a named file into memory. Files that configure plugins
// are checked for builtins that would exec or fetch, and the files they
// name are copied too.
func (b *builder) copyFile(k *kustomization, p, field string) {
	m := b.mem(p)
	if _, ok := b.files[m]; ok {
		return
	}
	data, err := readBounded(p, maxFileSize)
	if err != nil {
		b.fatal = true
		b.diag(lint.Range{File: b.rel(p), Line: 1, Column: 1, EndLine: 1, EndColumn: 1}, "Cannot read file", err.Error())
		return
	}
	if !b.budget(k, len(data)) {
		return
	}
	b.files[m] = p
	b.orig[m] = data
	data = b.sanitize(k, p, data, field)
	_ = b.fs.WriteFile(m, data)
}

// sanitize drops documents that would make krusty exec helm or fetch over
// the network: HelmChartInflationGenerator configs (in generators they are
// rendered through the Helm path instead) and builtin plugin configs that
// name remote files. A plugin config's local files are copied.
func (b *builder) sanitize(k *kustomization, p string, data []byte, field string) []byte {
	if !bytes.Contains(data, []byte("builtin")) && !helmGeneratorKind.Match(data) {
		return data
	}
	docs, ok := pluginDocs(data)
	if !ok {
		if helmGeneratorKind.Match(data) {
			// Unparsable: krusty would fail on it too, but must not run it.
			b.note(lint.Range{File: b.rel(p), Line: 1, Column: 1}, "HelmChartInflationGenerator in "+b.rel(p)+" not run")
			return nil
		}
		return data
	}
	var keep []*yaml.Node
	for _, d := range docs {
		if b.plugin(k, d, lint.Range{File: b.rel(p), Line: max(docRoot(d).Line, 1), Column: 1}, filepath.Dir(p), field) {
			keep = append(keep, d)
		}
	}
	if len(keep) == len(docs) {
		return data
	}
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	for _, d := range keep {
		_ = enc.Encode(d)
	}
	_ = enc.Close()
	return buf.Bytes()
}

// plugin vets one document that may configure a builtin plugin and
// reports whether it stays.
func (b *builder) plugin(k *kustomization, d *yaml.Node, at lint.Range, dir, field string) bool {
	if kindOf(d) == "HelmChartInflationGenerator" {
		if field == "generators" {
			c, values := chartFrom(docRoot(d), false)
			b.chart(k, c, values, at)
		} else {
			b.note(at, "HelmChartInflationGenerator in "+at.File+" not run")
		}
		return false
	}
	if !isBuiltinPlugin(d) {
		return true
	}
	for _, p := range pluginPaths(d) {
		if isRemote(p) {
			b.note(at, fmt.Sprintf("kustomize %s %s: remote file %s not fetched", kindOf(d), at.File, p))
			return false
		}
	}
	if pluginFields[field] {
		for _, p := range pluginPaths(d) {
			a := absUnder(dir, p)
			if filepath.IsAbs(p) || !b.inside(a) {
				continue // krusty reports what it cannot load
			}
			if fi, err := os.Stat(a); err == nil && fi.Mode().IsRegular() {
				b.copyFile(k, a, "")
			}
		}
	}
	return true
}

// inlinePlugin vets inline plugin configs in generators, transformers and
// validators.
func (b *builder) inlinePlugin(k *kustomization, r ref) {
	docs, ok := pluginDocs([]byte(r.value))
	if !ok {
		if helmGeneratorKind.MatchString(r.value) {
			r.remove()
			b.note(b.at(k, r.node), "inline HelmChartInflationGenerator not run")
		}
		return
	}
	for _, d := range docs {
		if !b.plugin(k, d, b.at(k, r.node), k.dir, r.field) {
			r.remove()
			return
		}
	}
}

// nameNode is the node naming a chart entry, for positions.
func nameNode(e *yaml.Node, legacy bool) *yaml.Node {
	key := "name"
	if legacy {
		key = "chartName"
	}
	if n := get(e, key); n != nil {
		return n
	}
	return e
}

// charts takes the chart entries out of a kustomization and renders them
// through the Helm path.
func (b *builder) charts(k *kustomization) {
	entries := helmEntries(k)
	home := "charts"
	gk, globals := getPair(k.top, "helmGlobals")
	if h := str(get(globals, "chartHome")); h != "" {
		home = h
	}
	for _, e := range entries {
		c, values := chartFrom(e.node, e.legacy)
		if c.ChartHome == "" {
			c.ChartHome = home
		}
		n := nameNode(e.node, e.legacy)
		b.chart(k, c, values, b.at(k, n))
	}
	for _, f := range []string{"helmCharts", "helmChartInflationGenerator"} {
		if kn, _ := getPair(k.top, f); kn != nil {
			removeKey(k.top, kn)
		}
	}
	if gk != nil {
		removeKey(k.top, gk)
	}
}

// chart renders one chart (paths relative to k) and adds its output to k
// as a resource file.
func (b *builder) chart(k *kustomization, c HelmChart, values []string, at lint.Range) {
	label := c.Name
	if c.Version != "" {
		label += "@" + c.Version
	}
	if c.Repo != "" {
		label = strings.TrimSuffix(c.Repo, "/") + "/" + label
	}
	if b.opts.Helm == nil {
		b.note(at, fmt.Sprintf("kustomize Helm chart %s not rendered (no Helm renderer)", label))
		return
	}
	if c.ChartHome == "" {
		c.ChartHome = "charts"
	}
	if isRemote(c.ChartHome) {
		b.note(at, fmt.Sprintf("kustomize Helm chart %s: remote chart home %s not fetched", label, c.ChartHome))
		return
	}
	c.ChartHome = absUnder(k.dir, c.ChartHome)
	if !b.inside(c.ChartHome) {
		b.diag(at, "Cannot render Helm chart", fmt.Sprintf("chart home of %s leads outside the scanned directory", label))
		return
	}
	if c.Namespace == "" {
		c.Namespace = str(get(k.top, "namespace"))
	}
	for _, v := range values {
		if isRemote(v) {
			b.note(at, fmt.Sprintf("kustomize Helm chart %s: remote values file %s not fetched", label, v))
			continue
		}
		a := absUnder(k.dir, v)
		if !b.inside(a) {
			b.diag(at, "Cannot render Helm chart", fmt.Sprintf("values file %s of %s leads outside the scanned directory", v, label))
			return
		}
		if c.ValuesFile == "" {
			c.ValuesFile = a
		} else {
			c.AdditionalValuesFiles = append(c.AdditionalValuesFiles, a)
		}
	}
	out, err := renderChart(b.opts.Helm, c)
	if err != nil {
		if errors.Is(err, ErrChartUnavailable) {
			b.note(at, fmt.Sprintf("kustomize Helm chart %s not rendered: %v", label, err))
		} else {
			b.removed++ // a failed build that follows is this error's consequence
			b.diag(at, "Cannot render Helm chart", fmt.Sprintf("%s: %v", label, err))
		}
		return
	}
	if len(bytes.TrimSpace(out)) == 0 {
		return
	}
	if !b.budget(k, len(out)) {
		return
	}
	i := b.helmSeq[k]
	b.helmSeq[k]++
	name := helmFileName(i, c.Name)
	m := path.Join(b.mem(k.dir), name)
	_ = b.fs.WriteFile(m, out)
	b.helm[m] = at
	res := get(k.top, "resources")
	if res == nil || res.Kind != yaml.SequenceNode {
		res = &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
		setKey(k.top, "resources", res)
	}
	res.Content = append(res.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: name})
}

// errorRange places a krusty error: at the entry it names last (the
// innermost one), else at the root kustomization.
func (b *builder) errorRange(msg string) lint.Range {
	best, at := -1, b.fallback
	for _, rl := range b.refs {
		pos := lastIndexBounded(msg, rl.mem)
		for _, q := range []string{"'" + rl.r.value + "'", `"` + rl.r.value + `"`, "(" + rl.r.value + ")"} {
			pos = max(pos, strings.LastIndex(msg, q))
		}
		if pos > best {
			best, at = pos, b.at(rl.k, rl.r.node)
			// A file that is not YAML: its own line.
			if _, ok := b.orig[rl.mem]; ok && strings.Contains(msg[pos:], "MalformedYAMLError") {
				if l := yamlErrorLine(msg[pos:]); l > 0 {
					at = lint.Range{File: b.rel(b.disk(rl.mem)), Line: l, Column: 1, EndLine: l, EndColumn: 1}
				}
			}
		}
	}
	// A patch that matches nothing is named by the object it names
	// ("EC2NodeClass.v1.karpenter.k8s.aws/gpu.[noNs]").
	for _, p := range b.patches {
		for _, d := range p.docs {
			root := docRoot(d)
			kind, name := str(get(root, "kind")), str(get(get(root, "metadata"), "name"))
			if kind == "" || name == "" {
				continue
			}
			re, err := regexp.Compile(regexp.QuoteMeta(kind) + `\.[^\s/]*/` + regexp.QuoteMeta(name) + `\.`)
			if err != nil {
				continue
			}
			if loc := re.FindStringIndex(msg); loc != nil && loc[0] > best {
				best, at = loc[0], b.at(p.kust, p.entry)
			}
		}
	}
	return at
}

// lastIndexBounded finds the last occurrence of a path in s that is not
// part of a longer path.
func lastIndexBounded(s, p string) int {
	for end := len(s); ; {
		i := strings.LastIndex(s[:end], p)
		if i < 0 {
			return -1
		}
		j := i + len(p)
		if j == len(s) || !isPathByte(s[j]) {
			return i
		}
		end = i + len(p) - 1
		if end <= 0 {
			return -1
		}
	}
}

func isPathByte(c byte) bool {
	return c == '/' || c == '.' || c == '-' || c == '_' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'
}

var memPathToken = regexp.MustCompile(`(^|[\s'"(=:\[])(/[^\s'"():,\]]*)`)

// cleanMessage rewrites the in-memory paths in a krusty message into the
// paths ranges use.
func (b *builder) cleanMessage(msg string) string {
	return memPathToken.ReplaceAllStringFunc(msg, func(tok string) string {
		i := strings.IndexByte(tok, '/')
		pre, p := tok[:i], tok[i:]
		dir := path.Dir(p)
		if b.fs.Exists(p) || (dir != "/" && b.fs.Exists(dir)) {
			return pre + b.rel(b.disk(p))
		}
		return tok
	})
}

// renderedDoc is one object in the output.
type renderedDoc struct {
	kind, name   string
	origin       string // the file it came from ("" unknown), relative to the root
	configuredIn string // the kustomization that generated it, relative to the root
}

// output turns the resource map into YAML without origin annotations and
// records where each object came from.
func (b *builder) output(rm resmap.ResMap) (content []byte, docs []renderedDoc, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("kustomize panicked: %v", r)
		}
	}()
	var buf bytes.Buffer
	for i, res := range rm.Resources() {
		d := renderedDoc{kind: res.GetKind(), name: res.GetName()}
		if o, oerr := res.GetOrigin(); oerr == nil && o != nil && o.Repo == "" {
			if o.Path != "" {
				d.origin = o.Path
			}
			if o.ConfiguredIn != "" {
				d.configuredIn = o.ConfiguredIn
			}
		}
		annos := res.GetAnnotations()
		if _, ok := annos[originAnnotation]; ok {
			delete(annos, originAnnotation)
			if err := res.SetAnnotations(annos); err != nil {
				return nil, nil, err
			}
		}
		y, err := res.AsYAML()
		if err != nil {
			return nil, nil, err
		}
		if i > 0 {
			buf.WriteString("---\n")
		}
		buf.Write(y)
		if int64(buf.Len()) > b.maxBytes {
			return nil, nil, fmt.Errorf("rendered output is larger than %d bytes", b.maxBytes)
		}
		docs = append(docs, d)
	}
	return buf.Bytes(), docs, nil
}

// stderrMu serialises quietStderr.
var stderrMu sync.Mutex

// quietStderr runs f with os.Stderr pointing at the null device: krusty
// prints deprecation notices for the user's kustomization fields
// ("'patchesStrategicMerge' is deprecated") straight to os.Stderr, and a
// linter must not echo a library's raw output. Renders run one at a time.
func quietStderr(f func()) {
	stderrMu.Lock()
	defer stderrMu.Unlock()
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		f()
		return
	}
	old := os.Stderr
	os.Stderr = null
	defer func() {
		os.Stderr = old
		null.Close()
	}()
	f()
}
