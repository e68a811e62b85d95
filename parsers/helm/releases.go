package helm

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/internal/yamlpos"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/internal/generated"
	"github.com/faultline-dev/faultline/internal/helmset"
	"github.com/faultline-dev/faultline/internal/lockedfile"
	"github.com/faultline-dev/faultline/internal/templatetext"
	"github.com/faultline-dev/faultline/lint"
)

// Finder finds Helm releases in YAML files and produced YAML: helmfile
// releases (helmfile.yaml, helmfile.yml, helmfile.d/*.yaml), Argo CD
// Applications, Flux HelmReleases and HelmChart CRs. Flux values can come from ConfigMaps in other
// files, so files are added first (Add, safe for concurrent use) and
// releases built at the end (Releases).
type Finder struct {
	opts  Options
	p     *paths
	mu    sync.Mutex
	files []*yamlFile
	// kustomizeCharts are the remote helmCharts entries kustomize builds
	// met (AddKustomizeChart).
	kustomizeCharts []KustomizeChart
	// placedIn is SetPlacedNamespaces'.
	placedIn func(abs string) (ns string, at lint.Range, ok bool)
}

// SetPlacedNamespaces gives the namespace a GitOps tool places the objects
// of a file (or of the kustomization root a produced text was built from)
// in over the namespace they write: a Flux Kustomization's
// spec.targetNamespace. A Flux HelmRelease there is in that namespace,
// and so is its release unless it names its own target. Set before
// Releases.
func (f *Finder) SetPlacedNamespaces(fn func(abs string) (ns string, at lint.Range, ok bool)) {
	f.mu.Lock()
	f.placedIn = fn
	f.mu.Unlock()
}

// placedNamespace is the namespace SetPlacedNamespaces gives the objects
// of yf, a file as written or a kustomization's output.
func (f *Finder) placedNamespace(yf *yamlFile) (string, lint.Range, bool) {
	if f.placedIn == nil || (yf.source != lint.SourceKubernetes && yf.source != lint.SourceKustomize) {
		return "", lint.Range{}, false
	}
	return f.placedIn(yf.abs)
}

// yamlFile is one added file (or produced text) with what was found in
// it.
type yamlFile struct {
	rel, abs string
	// dir is where the file's repository is looked for (Argo CD paths,
	// Flux GitRepository charts).
	dir      string
	data     []byte
	scope    lint.Scope
	docs     []*yaml.Node
	helmfile bool
	// mapRange maps ranges of produced text to their source (nil: a file
	// as written); source and inferred mark the releases found.
	mapRange func(lint.Range, string) lint.Range
	source   lint.Source
	inferred []string
	// valuesUnknown and renderingValues are Produced's.
	valuesUnknown   string
	renderingValues func() map[string]any
	// addsData and dataUnknown are Produced's.
	addsData, dataUnknown bool
	// keepsLines: mapRange keeps the lines of literal blocks
	// (Produced.KeepsLines; kustomize's mapper follows them itself).
	keepsLines bool
	// configMapsOnly: given without documents, the file may hold nothing
	// the finder reads but a ConfigMap; it is parsed only when a Flux
	// HelmRelease's valuesFrom may name one (Releases).
	configMapsOnly bool
	parseOnce      sync.Once
}

// Produced is YAML another step produced — a kustomization's output, a
// chart's rendered template, manifests embedded in Terraform — read for
// releases like a file (AddProduced), its positions mapped to the source.
type Produced struct {
	// Name identifies the text: release addresses start with it. Every
	// range is mapped, so it is not shown.
	Name string
	// Dir is a directory of the repository the text comes from: Argo CD
	// paths and Flux GitRepository charts resolve against that
	// repository, then the scan roots.
	Dir  string
	Data []byte
	// Scope is the AWS / cluster scope of the releases found.
	Scope lint.Scope
	// Map maps a range in Data (and the scalar text there, "" for
	// collections) to where a user changes it.
	Map func(r lint.Range, text string) lint.Range
	// Source marks the releases found (default kubernetes).
	Source lint.Source
	// Inferred is copied to every release found (output of a chart
	// rendered with its defaults).
	Inferred []string
	// ValuesUnknown is, for output of a chart rendered without values it
	// may be installed with (Rendered.WithoutValues), which: a value the
	// templates met empty may be one of them.
	ValuesUnknown string
	// Docs, when set, are every document of Data as yaml.v3 decodes it
	// (kube.ParseDocs): read instead of decoding Data again, only read.
	Docs []*yaml.Node
	// KeepsLines says Map places every line of Data on a line of its own
	// in the source (a file a template renders line for line, a
	// heredoc), so a range inside a literal block (Argo CD's
	// `values: |`) is placed in the block and then mapped.
	KeepsLines bool
	// AddsData marks a ConfigMap whose keys are written into one of its
	// name made elsewhere (kubernetes_config_map_v1_data), DataUnknown
	// one whose data is known only at apply (kept.Embedded's).
	AddsData, DataUnknown bool
	// RenderingValues, for a chart's rendered output, are the values in
	// effect in that rendering (Rendered.Values): an Argo CD
	// Application's values the template passed on from them are the
	// rendering chart's, not written for the Application's chart
	// (lint.Release.ValuesPassedOn). Nil for other text.
	RenderingValues func() map[string]any
}

// rangeOf is where node n of the file is written.
func (yf *yamlFile) rangeOf(n *yaml.Node) lint.Range {
	r := nodeRange(yf.rel, n)
	if yf.mapRange == nil || n == nil {
		return r
	}
	text := ""
	if d := deref(n); d != nil && d.Kind == yaml.ScalarNode {
		text = d.Value
	}
	return yf.mapRange(r, text)
}

// embeddedPos places nodes of a YAML document written in scalar s (see
// embeddedPos). In kustomize's output (its mapper follows a literal
// block to the file that wrote the text) and in text mapped line for
// line they are placed there and mapped; in other produced text they map
// to s itself.
func (yf *yamlFile) embeddedPos(s *yaml.Node) posFunc {
	if yf.mapRange == nil {
		return embeddedPos(yf.rel, yf.data, s)
	}
	whole := yf.rangeOf(s)
	if !yf.keepsLines || s.Style&yaml.LiteralStyle == 0 {
		return func(*yaml.Node) lint.Range { return whole }
	}
	inner := embeddedPos(yf.rel, yf.data, s)
	return func(n *yaml.Node) lint.Range {
		text := ""
		if d := deref(n); d != nil && d.Kind == yaml.ScalarNode {
			text = d.Value
		}
		return yf.mapRange(inner(n), text)
	}
}

// NewFinder returns a Finder; opts.Roots bounds which chart and values
// paths are read, opts.Rel makes display paths.
func NewFinder(opts Options) *Finder {
	return &Finder{opts: opts, p: newPaths(&opts)}
}

// IsHelmfile reports whether a path names a helmfile: helmfile.yaml,
// helmfile.yml, or a .yaml/.yml file in a helmfile.d directory, each also
// with helmfile's ".gotmpl" suffix (helmfile renders such a file as a Go
// template first; helmfile.yaml.gotmpl is one of the names it looks for).
func IsHelmfile(p string) bool {
	base := strings.TrimSuffix(filepath.Base(p), ".gotmpl")
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
	f.AddParsed(rel, abs, data, nil, scope)
}

// AddParsed is Add for a file whose documents are parsed already: docs are
// every document of data as yaml.v3 decodes it (kube.ParseDocs), read
// instead of decoding data again and only read; nil parses data here.
func (f *Finder) AddParsed(rel, abs string, data []byte, docs []*yaml.Node, scope lint.Scope) {
	hf := IsHelmfile(abs)
	if !hf && mayBeHelmfileState(data) {
		if docs == nil {
			docs, _ = parseYAML(data)
		}
		hf = isHelmfileState(docs)
	}
	f.add(&yamlFile{rel: rel, abs: abs, dir: filepath.Dir(abs), data: data, docs: docs, scope: scope, helmfile: hf, source: lint.SourceKubernetes})
}

// goStatement is a Go template action that decides what the text holds:
// a conditional, a loop, a definition. A comment or a variable declared
// (`{{ $bucket := env "BUCKET" }}` atop a helmfile) writes nothing, and
// is blanked like an expression.
var goStatement = regexp.MustCompile(`\{\{-?\s*(?:if|else|end|range|with|define|block|template)\b`)

// expressionsQuoted reads a helmfile that does not parse as YAML before
// helmfile renders it (helmfile 0.x renders helmfile.yaml itself as a Go
// template) because a plain scalar starts with an expression ({{
// requiredEnv "DOMAIN" }}.example.com): its expression tags blanked, so
// that the rest parses, and each plain scalar that held one given back as
// written, so that what reads it sees the template text (a value not
// known). False when it holds a statement (if, range, …), which decides
// what the file holds, or still does not parse; a variable declared or a
// comment is blanked.
func expressionsQuoted(data []byte) ([]*yaml.Node, bool) {
	if goStatement.Match(data) {
		return nil, false
	}
	blanked, ok := templatetext.Blanked(data)
	if !ok {
		return nil, false
	}
	docs, err := parseYAML(blanked)
	if err != nil {
		return nil, false
	}
	lines := strings.Split(string(data), "\n")
	var restore func(n *yaml.Node)
	restore = func(n *yaml.Node) {
		if n.Kind == yaml.ScalarNode && n.Style == 0 && n.Line >= 1 && n.Line <= len(lines) {
			line := []rune(lines[n.Line-1])
			from, to := n.Column-1, n.Column-1+len([]rune(n.Value))
			if from >= 0 && to <= len(line) && !strings.Contains(n.Value, "\n") {
				if orig := string(line[from:to]); templatetext.HasString(orig) {
					n.Value, n.Tag = orig, "!!str"
				}
			}
		}
		for _, c := range n.Content {
			restore(c)
		}
	}
	for _, d := range docs {
		restore(d)
	}
	return docs, true
}

// mayBeHelmfileState reports whether data may be a helmfile state file
// named otherwise (helmfile -f helmfile.gpu.yaml): a line starting with
// "releases:".
func mayBeHelmfileState(data []byte) bool {
	return bytes.HasPrefix(data, []byte("releases:")) || bytes.Contains(data, []byte("\nreleases:"))
}

// isHelmfileState reports whether the documents are a helmfile state file
// whatever its name: one document is a mapping with no apiVersion or kind
// whose releases list holds a mapping naming a release and its chart (name
// and chart), as helmfile's state reads them.
func isHelmfileState(docs []*yaml.Node) bool {
	for _, d := range docs {
		top := body(d)
		if top == nil || top.Kind != yaml.MappingNode || at(top, "apiVersion") != nil || at(top, "kind") != nil {
			continue
		}
		rs := at(top, "releases")
		if rs == nil || rs.Kind != yaml.SequenceNode {
			continue
		}
		for _, r := range rs.Content {
			if str(at(r, "name")) != "" && str(at(r, "chart")) != "" {
				return true
			}
		}
	}
	return false
}

// AddProduced reads produced YAML like a file: its Argo CD Applications,
// Flux HelmReleases, HelmChart CRs and ConfigMaps, at mapped positions.
// Safe for concurrent use.
func (f *Finder) AddProduced(p Produced) {
	src := p.Source
	if src == "" {
		src = lint.SourceKubernetes
	}
	f.add(&yamlFile{rel: p.Name, abs: filepath.Join(p.Dir, filepath.Base(p.Name)), dir: p.Dir, data: p.Data, docs: p.Docs, scope: p.Scope,
		mapRange: p.Map, source: src, inferred: append([]string(nil), p.Inferred...), keepsLines: p.KeepsLines || src == lint.SourceKustomize,
		addsData: p.AddsData, dataUnknown: p.DataUnknown, valuesUnknown: p.ValuesUnknown, renderingValues: p.RenderingValues})
}

// mayHoldRelease reports whether YAML data may hold a document the
// finder reads — a release (Argo CD, Flux, a HelmChart CR), a Flux
// Kustomization (PlacedDirs) or, withConfigMaps, a ConfigMap or Secret
// (a HelmRelease's valuesFrom) — by the text such a document must
// contain: other files are skipped without parsing.
func mayHoldRelease(data []byte, withConfigMaps bool) bool {
	return mayHoldArgoCD(data) || containsAny(data, releaseGroups) ||
		(withConfigMaps && (bytes.Contains(data, []byte("ConfigMap")) || bytes.Contains(data, []byte("Secret"))))
}

// releaseGroups are the API groups of the releases and Flux
// Kustomizations the finder reads, Argo CD's apart (mayHoldArgoCD).
var releaseGroups = [][]byte{[]byte(fluxHelmGroup), []byte(helmChartGroup), []byte(fluxKustomizeGroup), []byte(crossplaneHelmGroup), []byte(crossplaneHelmNamespacedGroup)}

// mayHoldArgoCD reports whether YAML data may hold an Argo CD
// Application or ApplicationSet: whether "argoproj.io" starts a name
// somewhere, as it starts their apiVersion. A longer name ending so —
// the argocd.argoproj.io/sync-wave annotation GitOps repositories put on
// everything — does not count.
func mayHoldArgoCD(data []byte) bool {
	needle := []byte("argoproj.io")
	for i := 0; ; {
		j := bytes.Index(data[i:], needle)
		if j < 0 {
			return false
		}
		at := i + j
		if at == 0 || !isKeyChar(data[at-1]) {
			return true
		}
		i = at + len(needle)
	}
}

func (f *Finder) add(yf *yamlFile) {
	if !yf.helmfile && !mayHoldRelease(yf.data, true) {
		return
	}
	switch {
	case yf.docs == nil && !yf.helmfile && !mayHoldRelease(yf.data, false):
		yf.configMapsOnly = true
	case yf.docs == nil:
		var err error
		yf.docs, err = parseYAML(yf.data)
		if err != nil && yf.helmfile {
			if docs, ok := expressionsQuoted(yf.data); ok {
				yf.docs = docs
			}
		}
		fallthrough
	default:
		if len(yf.docs) == 0 {
			return
		}
	}
	f.mu.Lock()
	f.files = append(f.files, yf)
	f.mu.Unlock()
}

// FinderReads reports whether the release finder reads the YAML data
// (AddParsed, AddProduced) for more than nothing: whether it may hold a
// release or a Flux Kustomization, or — withConfigMaps, when a Flux
// HelmRelease may be among what the finder is given — a ConfigMap one's
// valuesFrom names. A caller need not decode the documents of other
// YAML for it: the finder parses what it is given without documents
// itself.
func FinderReads(data []byte, withConfigMaps bool) bool { return mayHoldRelease(data, withConfigMaps) }

// MayHoldHelmRelease reports whether the YAML data may hold a Flux
// HelmRelease (whose valuesFrom may name a ConfigMap: FinderReads).
func MayHoldHelmRelease(data []byte) bool { return bytes.Contains(data, []byte(fluxHelmGroup)) }

// fluxHelmGroup is Flux's HelmRelease API group.
const fluxHelmGroup = "helm.toolkit.fluxcd.io"

func containsAny(data []byte, needles [][]byte) bool {
	for _, n := range needles {
		if bytes.Contains(data, n) {
			return true
		}
	}
	return false
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
	kcharts := append([]KustomizeChart(nil), f.kustomizeCharts...)
	f.mu.Unlock()
	sort.Slice(files, func(i, j int) bool { return files[i].rel < files[j].rel })
	// A file that may hold only a ConfigMap is read when a HelmRelease
	// may be among the files: only a valuesFrom names a ConfigMap.
	helmReleases := slices.ContainsFunc(files, func(yf *yamlFile) bool { return MayHoldHelmRelease(yf.data) })
	for _, yf := range files {
		if yf.configMapsOnly && helmReleases {
			yf.parseOnce.Do(func() { yf.docs, _ = parseYAML(yf.data) })
		}
	}
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
			case kind == "HelmChart" && strings.HasPrefix(api, helmChartGroup+"/"):
				b.helmChart(yf, i, top)
			case isCrossplaneRelease(api, kind):
				b.crossplaneRelease(yf, i, top)
			case kind == "ApplicationSet" && strings.HasPrefix(api, "argoproj.io/"):
				if apps, ok := listApplications(top); ok {
					for _, app := range apps {
						b.argo(yf, i, app)
					}
					continue
				}
				b.applicationSet(yf, top)
			}
		}
	}
	b.kustomizeReleases(kcharts)
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
	b.diags = append(b.diags, lint.Diagnostic{Range: r, Summary: summary, Detail: b.shown(detail)})
}

func (b *builder) note(kind lint.CoverageKind, r lint.Range, what string) {
	b.notes = append(b.notes, lint.Note{Kind: kind, What: b.shown(what), Range: r})
}

// valuesNotRead notes values of release r that are not read (what, at
// rng) and marks its values not all known (unknown names them, as
// lint.Release.ValuesUnknown does): what is modelled from them — the
// accounts the chart creates, a Karpenter controller's placement — is
// then not taken as certain.
func (b *builder) valuesNotRead(r *lint.Release, rng lint.Range, what, unknown string) {
	b.note(lint.Unresolved, rng, what)
	if r.ValuesUnknown == "" {
		r.ValuesUnknown = b.shown(unknown)
	}
}

// shown is text as a message shows it: a value known only after apply
// (a Terraform variable without a value in an Application Terraform
// writes) as the reference it is, never the placeholder standing for it,
// which is numbered in no fixed order.
func (b *builder) shown(s string) string {
	if b.opts.Holes == nil || !lint.HasSentinel(s) {
		return s
	}
	return b.opts.Holes.Decode(s).String()
}

// newRelease starts a release entity; a name known only after apply is
// the symbolic value it is, and the address and label show it as its
// reference.
func (b *builder) newRelease(yf *yamlFile, addr, label string, rng lint.Range, name string, nameRange lint.Range, source lint.Source, tool string) *lint.Release {
	r := &lint.Release{
		Object: lint.Object{
			Kind: lint.KindRelease, Addr: b.shown(addr), Label: b.shown(label), Name: lint.Unknown(),
			Range: rng, NameRange: nameRange, Source: source, Scope: yf.scope,
		},
		Namespace:    lint.Unknown(),
		Values:       map[string]any{},
		ValueRanges:  map[string]lint.Range{},
		Tool:         tool,
		Dependencies: dependencyBuild(tool),
	}
	r.Inferred = append([]string(nil), yf.inferred...)
	if slices.Contains(yf.inferred, InferredDefaultsRefused) {
		// Found in a chart rendered with defaults it refuses: an
		// install gives it other values, and what it writes here differs.
		r.ValuesUnknown = "the values an install of the chart that writes it would give (that chart refuses its defaults, with which it is rendered here)"
	}
	switch {
	case lint.HasSentinel(name) && b.opts.Holes != nil:
		r.Name = b.opts.Holes.Decode(name)
	case name != "" && !strings.Contains(name, "{{"):
		r.Name = lint.Known(name)
	}
	if r.NameRange.IsZero() {
		r.NameRange = rng
	}
	return r
}

// dependencyBuild is what a release tool does with a chart's
// dependencies: Argo CD's repository server runs `helm dependency build`
// when a rendering misses one; Flux's source-controller packs those a
// chart it packages from a source misses.
func dependencyBuild(tool string) lint.DependencyBuild {
	switch tool {
	case "argocd":
		return lint.DependenciesBuiltWhenMissing
	case "flux":
		return lint.DependenciesMissingAdded
	}
	return lint.DependenciesAsVendored
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
	return mergeDocWith(r, n, pos, nil)
}

// mergeDocWith is mergeDoc with every string value passed through subst
// first (nil: as written).
func mergeDocWith(r *lint.Release, n *yaml.Node, pos posFunc, subst func(string) string) error {
	n = deref(n)
	if n == nil || (n.Kind == yaml.ScalarNode && (n.Tag == "!!null" || n.Value == "")) {
		return nil
	}
	if n.Kind != yaml.MappingNode {
		return errors.New("values must be a mapping")
	}
	v, read, dups, err := toGoDups(n)
	if err != nil {
		return err
	}
	if subst != nil {
		v = mapStrings(v, subst)
	}
	m, _ := v.(map[string]any)
	lint.MergeValues(r.Values, m)
	recordRanges(r, read, "", pos)
	r.DuplicateKeys = append(r.DuplicateKeys, duplicateKeys(dups, pos)...)
	return nil
}

// mergeText merges values given as YAML text written in scalar s of the
// file (Argo CD `values: |`, a ConfigMap key).
func (b *builder) mergeText(r *lint.Release, yf *yamlFile, s *yaml.Node, what string) {
	b.mergeTextWith(r, yf, s, what, nil)
}

// mergeTextWith is mergeText with the text passed through subst first
// (nil: as written).
func (b *builder) mergeTextWith(r *lint.Release, yf *yamlFile, s *yaml.Node, what string, subst func(string) string) {
	if subst != nil {
		c := *s
		c.Value = subst(s.Value)
		s = &c
	}
	docs, perr := parseYAML([]byte(s.Value))
	err := perr
	pos := yf.embeddedPos(s)
	for _, d := range docs {
		if err != nil {
			break
		}
		err = mergeDoc(r, body(d), pos)
	}
	switch {
	case err != nil && lint.HasSentinel(s.Value):
		// A value known only after apply (a Terraform variable rendered
		// into the text) is not broken input; the chart is rendered
		// without these values, and says so.
		if r.ValuesUnknown == "" {
			r.ValuesUnknown = b.shown(strings.TrimPrefix(what, r.Label+" ")) + ", known only after apply"
		}
		if !strings.HasPrefix(what, r.Label) {
			what = r.Label + ": " + what
		}
		b.note(lint.Unresolved, yf.rangeOf(s), what+" holds a value known only after apply; not read")
	case perr != nil && placeholderLinesBreak(s.Value):
		// A skeleton's blank a generator fills with whole lines of
		// YAML (`<EXTRA_VALUES>`): the text is a template of values.
		if !strings.HasPrefix(what, r.Label) {
			what = r.Label + ": " + what
		}
		b.valuesNotRead(r, yf.rangeOf(s), what+" parses only once a generator fills its placeholder lines; not read", "values a generator fills in")
	case perr != nil:
		// Where the text's own YAML breaks, placed in the file as its
		// nodes are (a literal block's line N is N lines below the
		// indicator); the message without the text's own line number.
		at, detail := yf.rangeOf(s), perr.Error()
		if line, col, d, ok := yamlpos.ErrorAt([]byte(s.Value), perr.Error()); ok {
			at, detail = pos(&yaml.Node{Line: line, Column: col}), fmt.Sprintf("%s (line %d of the text)", d, line)
		}
		b.diag(at, "invalid values", fmt.Sprintf("%s: %s", what, detail))
	case err != nil:
		b.diag(yf.rangeOf(s), "invalid values", fmt.Sprintf("%s: %s", what, err))
	}
}

// placeholderLinesBreak reports whether YAML text that does not parse
// parses once its lines that are a placeholder alone are left empty
// (templatetext.BlankLines).
func placeholderLinesBreak(text string) bool {
	blank, line := templatetext.BlankLines([]byte(text))
	if line == 0 {
		return false
	}
	_, err := parseYAML(blank)
	return err == nil
}

// mergeFile merges a values file. A missing file is an FL000 at where it
// is named (ref) unless optional; one outside the scanned tree is a note.
// A file that is not read (outside, generated at deploy, missing,
// unreadable or invalid) leaves the release's values not all known
// (ValuesUnknown): what the chart renders without them is not how it is
// installed, and its failure is not a second FL000.
func (b *builder) mergeFile(r *lint.Release, abs string, ref lint.Range, optional bool) {
	data, err := b.p.readFile(abs)
	display := b.p.rel(abs)
	unread := func() {
		if r.ValuesUnknown == "" {
			r.ValuesUnknown = "values file " + display
		}
	}
	switch {
	case errors.Is(err, errOutside):
		b.valuesNotRead(r, ref, fmt.Sprintf("%s: values file %s is outside the scanned tree; not read ("+treefs.RootHint+")", r.Label, display), "values file "+display)
		return
	case errors.Is(err, fs.ErrNotExist):
		if optional {
			return
		}
		unread()
		if why := b.generatedFile(abs); why != "" {
			b.note(lint.Skipped, ref, fmt.Sprintf("%s: values file %s is generated at deploy time, not in the tree (%s); not read", r.Label, display, why))
			return
		}
		b.diag(ref, "values file not found", fmt.Sprintf("%s names values file %s, which does not exist", r.Label, display))
		return
	case err != nil:
		unread()
		b.diag(ref, "cannot read values file", fmt.Sprintf("%s: %s", display, err))
		return
	}
	if why, locked := lockedfile.Why(data); locked {
		b.valuesNotRead(r, ref, fmt.Sprintf("%s: values file %s is %s; not read", r.Label, display, why), "values file "+display)
		return
	}
	templated := false
	if strings.HasSuffix(abs, ".gotmpl") {
		filled, actions, ok := b.fillTemplateActions(data)
		if !ok {
			b.valuesNotRead(r, ref, fmt.Sprintf("%s: values %s are a Go template whose {{ }} actions shape the YAML (if, range, with, toYaml, indent, …), rendered by helmfile; not read", r.Label, display), "values "+display)
			return
		}
		data, templated = filled, actions > 0
	}
	docs, err := parseYAML(data)
	if err != nil && templated {
		// Read with its actions as values, the file is no YAML: what
		// helmfile renders may be.
		b.valuesNotRead(r, ref, fmt.Sprintf("%s: values %s are a Go template that is YAML only once helmfile renders it; not read", r.Label, display), "values "+display)
		return
	}
	if err != nil {
		at, detail := pointRange(display, 1, 1), err.Error()
		if line, col, d, ok := yamlpos.ErrorAt(data, err.Error()); ok {
			at, detail = pointRange(display, line, max(col, 1)), d
		}
		unread()
		b.diag(at, "invalid values file", detail)
		return
	}
	for _, d := range docs {
		if lockedfile.IsSOPSDocument(body(d)) {
			// Values the helm-secrets plugin (or a wrapper around helm)
			// decrypts when the release is installed.
			b.valuesNotRead(r, ref, fmt.Sprintf("%s: values file %s is %s; not read", r.Label, display, lockedfile.SOPSEncrypted), "values file "+display)
			return
		}
	}
	for _, d := range docs {
		if err := mergeDoc(r, body(d), filePos(display)); err != nil {
			unread()
			at := pointRange(display, 1, 1)
			if k := collectionKey(body(d)); k != nil {
				// Helm's decoder names no position for a key that is a
				// mapping or a list ({{ requiredEnv "X" }} left unrendered).
				at = pointRange(display, k.Line, k.Column)
			}
			b.diag(at, "invalid values file", err.Error())
			return
		}
	}
}

// fillTemplateActions is a values file helmfile renders as a Go template
// (.gotmpl) with each {{ }} action that writes a value (requiredEnv, env,
// .Values, .Environment.Name, a pipeline) as a hole: a value known when
// helmfile renders the file; a comment or an assignment writes nothing,
// and trim markers trim. actions counts them. False when an action shapes
// the YAML (if, else, range, with, define, block, template, end; toYaml,
// indent, a file read) or is not closed: what the file holds then depends
// on the rendering.
func (b *builder) fillTemplateActions(data []byte) (_ []byte, actions int, ok bool) {
	s := string(data)
	var out strings.Builder
	for {
		i := strings.Index(s, "{{")
		if i < 0 {
			out.WriteString(s)
			return []byte(out.String()), actions, true
		}
		j := strings.Index(s[i+2:], "}}")
		if j < 0 {
			return nil, actions, false
		}
		actions++
		action := s[i+2 : i+2+j]
		before := s[:i]
		s = s[i+2+j+2:]
		// Go templates' trim markers: "{{- " drops the white space before
		// the action, " -}}" the white space after it.
		if len(action) > 1 && action[0] == '-' && isTemplateSpace(action[1]) {
			before = strings.TrimRight(before, " \t\r\n")
			action = action[1:]
		}
		if n := len(action); n > 1 && action[n-1] == '-' && isTemplateSpace(action[n-2]) {
			s = strings.TrimLeft(s, " \t\r\n")
			action = action[:n-1]
		}
		out.WriteString(before)
		text := strings.TrimSpace(action)
		switch word, _, _ := strings.Cut(text, " "); {
		case strings.HasPrefix(text, "/*"), templateAssignment(text):
			continue // writes nothing
		case slices.Contains([]string{"if", "else", "end", "range", "with", "define", "block", "template", "break", "continue"}, word), writesYAML(text):
			return nil, actions, false
		}
		out.WriteString(b.opts.Holes.Sentinel(lint.HoleRef{Object: "{{ " + text + " }}"}))
	}
}

// writesYAML reports whether an action's pipeline writes YAML of its own
// (toYaml, indent, nindent, a file's content), not one value.
func writesYAML(text string) bool {
	for _, f := range strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == '|' || r == '(' || r == ')' }) {
		switch f {
		case "toYaml", "toJson", "toPrettyJson", "indent", "nindent", "readFile", "tpl", "include":
			return true
		}
	}
	return false
}

// isTemplateSpace is the white space a Go template trim marker needs.
func isTemplateSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// templateAssignment reports whether an action declares or assigns a
// variable ($x := …, $x = …), which writes nothing.
func templateAssignment(text string) bool {
	name, rest, ok := strings.Cut(text, " ")
	if !ok || len(name) < 2 || name[0] != '$' {
		return false
	}
	rest = strings.TrimSpace(rest)
	return strings.HasPrefix(rest, ":=") || strings.HasPrefix(rest, "=") && !strings.HasPrefix(rest, "==")
}

// collectionKey is the first mapping key under n that is itself a
// mapping or a list: no values map can hold it.
func collectionKey(n *yaml.Node) *yaml.Node {
	if n == nil {
		return nil
	}
	if n.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(n.Content); i += 2 {
			if k := n.Content[i]; k.Kind == yaml.MappingNode || k.Kind == yaml.SequenceNode {
				return k
			}
		}
	}
	for _, c := range n.Content {
		if k := collectionKey(c); k != nil {
			return k
		}
	}
	return nil
}

// generatedFile says why a missing values file is written at deploy time
// (a .gitignore ignores it, or a template beside it renders it), "" when
// it is simply missing.
func (b *builder) generatedFile(abs string) string {
	if b.p.tree == nil {
		return ""
	}
	roots := b.p.tree.Roots()
	if len(roots) == 0 {
		roots = b.p.roots
	}
	return generated.ValuesWhy(generated.Tree(b.p.tree), generated.Top(roots, abs), abs, b.p.rel)
}

// mergeSet applies a --set style name/value (escaped dots "a\.b"): the
// value set at rng, its name written at keyRng (zero when unknown).
func mergeSet(r *lint.Release, name string, value any, rng, keyRng lint.Range) {
	if name == "" {
		return
	}
	parts := lint.SplitSetName(name)
	if !helmset.Set(r.Values, name, value) {
		lint.SetValuePath(r.Values, parts, value)
	}
	key := strings.Join(parts, ".")
	r.ValueRanges[key] = rng
	r.SetKeyRange(key, keyRng)
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
// repository holding dir, then each scan root.
func (b *builder) repoBases(dir string) []string {
	var out []string
	for d := dir; ; d = filepath.Dir(d) {
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
