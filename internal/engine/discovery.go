package engine

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"github.com/faultline-dev/faultline/internal/engine/unitcache"
	"path/filepath"
	"reflect"
	"slices"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/internal/procs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/flux"
	"github.com/faultline-dev/faultline/parsers/helm"
	"github.com/faultline-dev/faultline/parsers/kube"
	"github.com/faultline-dev/faultline/parsers/kustomize"
	"github.com/faultline-dev/faultline/parsers/terraform"
	"go.yaml.in/yaml/v3"
)

// One discovery for every object: whatever produced a YAML document — a
// file as written, a kustomization's output, a rendered chart, manifests
// embedded in Terraform — it is read by the manifest parser, searched for
// Helm releases (Argo CD, Flux, HelmChart CRs) and handed to Crossplane
// composition rendering, its positions mapped back to where it is
// written.

// docSet is the YAML one source produced, kept for composition rendering.
type docSet struct {
	name  string
	data  []byte
	scope lint.Scope
	// mapRange maps ranges in data to the source; nil for a file as
	// written.
	mapRange func(lint.Range, string) lint.Range
	source   lint.Source
	// inferred marks what a chart rendered with its defaults produced, or
	// YAML embedded in a Terraform block that exists only if created.
	inferred []string
	// parsed are data's documents when it parsed whole (kube.ParseDocs):
	// the release finder and compositions read them, not data again.
	parsed []*yaml.Node
	// kept, when parsed is nil, gives the documents a kept parse or
	// build left undecoded: compositions that render decode them then.
	kept func() []*yaml.Node
	// keepsLines: mapRange places each line of data on a line of its
	// own (helm.Produced.KeepsLines).
	keepsLines bool
}

// forCompositions keeps the parsed documents only where compositions
// read them (kube.ReadsParsed): holding every manifest's parse until then
// costs more memory than parsing a claim again.
func (s docSet) forCompositions() docSet {
	if !kube.ReadsParsed(s.data) {
		s.parsed, s.kept = nil, nil
	}
	return s
}

func (s docSet) kubeFile() kube.File {
	return kube.File{Rel: s.name, Data: s.data, Scope: s.scope, Map: s.mapRange, Source: s.source, Inferred: s.inferred, Parsed: s.parsed}
}

// produced is what a loader shares between the sources it reads.
type produced struct {
	in     *lint.Input
	model  *lint.Model
	holes  *lint.Holes
	finder *helm.Finder
	docs   []docSet
}

func (p *produced) note(n lint.Note) { p.in.Notes = append(p.in.Notes, n) }

// parse reads produced YAML under a name into the model, and keeps its
// documents in s when it parsed whole.
func (p *produced) parse(name string, s *docSet, kopts kube.Options) []lint.Entity {
	ents, diags, notes := p.parseApart(name, s, kopts)
	p.model.Add(ents...)
	p.in.Diagnostics = append(p.in.Diagnostics, diags...)
	p.in.Notes = append(p.in.Notes, notes...)
	return ents
}

// parseApart is kube.ParseDocs of s's data under name as parse reads
// it, its entities, diagnostics and notes returned instead of recorded;
// s keeps the documents when they parsed whole.
func (p *produced) parseApart(name string, s *docSet, kopts kube.Options) ([]lint.Entity, []lint.Diagnostic, []lint.Note) {
	var notes []lint.Note
	kopts.Holes, kopts.Source, kopts.MapRange, kopts.Scope = p.holes, s.source, s.mapRange, s.scope
	kopts.Notes = func(n lint.Note) { notes = append(notes, n) }
	if kopts.Inferred == nil {
		kopts.Inferred = s.inferred
	}
	ents, diags, docs := kube.ParseDocs(name, s.data, kopts)
	s.parsed = docs
	return ents, diags, notes
}

// keep hands produced YAML to the release finder and keeps it for
// compositions.
func (p *produced) keep(s docSet, dir string) {
	p.finder.AddProduced(helm.Produced{Name: s.name, Dir: dir, Data: s.data, Scope: s.scope, Map: s.mapRange, Source: s.source, Inferred: s.inferred, Docs: s.parsed, KeepsLines: s.keepsLines})
	p.docs = append(p.docs, s.forCompositions())
}

// addEmbedded reads Kubernetes YAML written inside Terraform, with
// positions in the .tf files; entity addresses start with the Terraform
// address holding the YAML. Releases and compositions see each piece of
// YAML under its own name (file and address), so that two in one file do
// not collide. It returns how many pieces of YAML it read.
func (p *produced) addEmbedded(ems []terraform.Embedded, root string, scopeFor func(string) lint.Scope) int {
	n := 0
	for _, em := range ems {
		if em.SubstitutionSource {
			// A ConfigMap resource's data: what a Flux Kustomization
			// substitutes from and a Flux HelmRelease's valuesFrom reads,
			// not a manifest (the resource is its own entity).
			abs := filepath.Join(root, filepath.FromSlash(em.File))
			p.finder.AddProduced(helm.Produced{Name: em.File + "@" + em.Addr, Dir: filepath.Dir(abs), Data: em.Content, Scope: scopeFor(abs), Map: em.Map, Source: lint.SourceTerraform, AddsData: em.AddsData, DataUnknown: em.DataUnknown})
			continue
		}
		n++
		abs := filepath.Join(root, filepath.FromSlash(em.File))
		s := docSet{name: em.File + "@" + em.Addr, data: em.Content, scope: scopeFor(abs), mapRange: em.Map, source: lint.SourceTerraform, inferred: em.Inferred, keepsLines: em.KeepsLines()}
		if s.scope.Cluster == "" {
			// The cluster the resource's provider configuration connects to.
			s.scope.Cluster = em.Cluster
		}
		opts := kube.Options{MapDiagnostic: func(r lint.Range) lint.Range { return em.Map(r, "") }}
		switch {
		case em.Namespace != "" && em.NamespaceOverride:
			opts.TargetNamespace, opts.TargetNamespaceRange = em.Namespace, em.NamespaceRange
		case em.Namespace != "":
			opts.DestinationNamespace, opts.DestinationNamespaceRange = em.Namespace, em.NamespaceRange
		}
		ents := p.parse(em.File, &s, opts)
		for _, e := range ents {
			o := e.Base()
			o.Addr = em.Addr + "/" + o.Addr
			o.Root = em.Root
			o.DependsOn = append(o.DependsOn, em.DependsOn...)
			if em.Passed != nil {
				passRefs(reflect.ValueOf(e), em.Passed, 0)
			}
		}
		p.keep(s, filepath.Dir(abs))
	}
	return n
}

// builtKustomization is one kustomization root as built.
type builtKustomization struct {
	root  string
	out   kustomize.Rendered
	diags []lint.Diagnostic
	notes []lint.Note
	// mapKey identifies what out.Map reads (the digest of the build's
	// inputs), "" when the build is not kept; parse is the kept parse of
	// out.Content, key where a parse made is kept (keyed false: none).
	mapKey string
	parse  *unitcache.Parse
	key    cache.Key
	keyed  bool
	// target is the namespace a Flux Kustomization's targetNamespace
	// places the build's objects in (Namespace "": none); a build with
	// one is parsed, its parse not kept.
	target flux.Target
	// dest is the Argo CD destination of the build's directory (its
	// Namespace "": none), for the objects that write no namespace; a
	// build with one is parsed, its parse not kept.
	dest helm.Destination
}

// addKustomization reads one built kustomization root into the model: its
// kept parse, else its output parsed (and the parse kept, u non-nil).
// mark, when not nil, marks each entity the build makes before it is
// added (kustomizationSample); the kept parse is not changed.
func (p *produced) addKustomization(b builtKustomization, rel func(string) string, scope lint.Scope, u *unitcache.Units, mark func(lint.Entity)) {
	p.in.Diagnostics = append(p.in.Diagnostics, b.diags...)
	p.in.Notes = append(p.in.Notes, b.notes...)
	if len(b.out.Content) == 0 {
		return
	}
	add := func(ents []lint.Entity) {
		if mark != nil {
			for _, e := range ents {
				mark(e)
			}
		}
		p.model.Add(ents...)
	}
	s := docSet{name: rel(filepath.Join(b.root, "kustomization.yaml")), data: b.out.Content, scope: scope, mapRange: b.out.Map, source: lint.SourceKustomize, parsed: b.out.Docs}
	if b.parse != nil {
		add(b.parse.Ents)
		p.in.Diagnostics = append(p.in.Diagnostics, b.parse.Diags...)
		p.in.Notes = append(p.in.Notes, b.parse.Notes...)
		if s.parsed == nil {
			content := b.out.Content
			s.kept = func() []*yaml.Node { return u.DecodeDocs(content) }
		}
		p.keep(s, b.root)
		return
	}
	// The output is parsed once: kube reads the documents the mapper parsed.
	ents, diags, notes := p.parseApart(s.name, &s, kube.Options{Parsed: b.out.Docs, TargetNamespace: b.target.Namespace, TargetNamespaceRange: b.target.Range,
		DestinationNamespace: b.dest.Namespace, DestinationNamespaceRange: b.dest.Range})
	if b.keyed {
		// Kept as parsed, before the marks this run puts on them.
		u.KeepKustParse(b.key, &unitcache.Parse{Ents: ents, Diags: diags, Notes: notes})
	}
	add(ents)
	p.in.Diagnostics = append(p.in.Diagnostics, diags...)
	p.in.Notes = append(p.in.Notes, notes...)
	p.keep(s, b.root)
}

// addFile keeps a file as written for compositions (it is parsed and
// searched for releases where it is read); kept gives its documents when
// docs is nil and a kept parse holds them.
func (p *produced) addFile(name string, data []byte, docs []*yaml.Node, kept func() []*yaml.Node, scope lint.Scope) {
	p.docs = append(p.docs, docSet{name: name, data: data, scope: scope, parsed: docs, kept: kept}.forCompositions())
}

// renderCompositions renders the Crossplane compositions found in every
// source with the claims and composite resources found in every source,
// or takes the result the per-unit cache u kept for the same files (u
// may be nil: no cache).
func (p *produced) renderCompositions(u *unitcache.Units) {
	files := make([]kube.File, 0, len(p.docs))
	for _, s := range p.docs {
		files = append(files, s.kubeFile())
	}
	cf := u.CompositionFiles(files, p.holes)
	if e, ok := u.KeptCompositions(cf); ok {
		p.in.Notes = append(p.in.Notes, e.Notes...)
		p.model.Add(e.Ents...)
		p.in.Diagnostics = append(p.in.Diagnostics, e.Diags...)
		return
	}
	// They render: the documents kept parses left undecoded are read.
	procs.Parallel(len(files), func(i int) {
		if files[i].Parsed == nil && p.docs[i].kept != nil {
			files[i].Parsed = p.docs[i].kept()
		}
	})
	rec := u.RecordCompositions(files)
	var notes []lint.Note
	c := kube.Compose(files, kube.Options{Holes: p.holes, Notes: func(n lint.Note) {
		notes = append(notes, n)
		p.note(n)
	}})
	u.KeepCompositions(cf, rec, c, notes)
	p.model.Add(c.Entities...)
	p.in.Diagnostics = append(p.in.Diagnostics, c.Diagnostics...)
}

// maxReleaseDepth bounds release discovery in chart output: a chart whose
// output installs charts (an Argo CD app of apps, a chart templating Flux
// HelmReleases) renders again with the releases found, at most this many
// times.
const maxReleaseDepth = 4

// chartRun is the final rendering of the tree's charts and the releases
// found in chart output that it used.
type chartRun struct {
	out helm.Output
	// docs are the documents of each of out.Rendered (nil where its text
	// does not parse whole).
	docs [][]*yaml.Node
	// parses are the kept parses of out.Rendered; a rendering that has
	// them has documents only where something still reads them.
	parses *unitcache.RenderedParses
	found  []*lint.Release
	diags  []lint.Diagnostic
	notes  []lint.Note
}

// renderCharts renders charts for releases, then again with the releases
// found in what they rendered, until no new release turns up (or
// maxReleaseDepth): a chart some rendered release installs renders with
// it, never with its defaults as well. Renderings repeat from the cache,
// so each (chart, values, release) renders once. A release found again
// (also in a file, or twice in output) is used once.
//
// Each template's output is decoded once (kube.Decode, or with set the
// documents the per-unit cache kept for the same texts), for the release
// finder of every round and for the model.
func renderCharts(ctx context.Context, charts []string, releases []*lint.Release, hopts helm.Options, scopeFor func(string) lint.Scope, u *unitcache.Units, readers unitcache.DocReaders) chartRun {
	if hopts.Cache == nil {
		hopts.Cache = helm.NewCache()
	}
	decoded := map[[sha256.Size]byte][]*yaml.Node{}
	scopeOf := func(r helm.Rendered) lint.Scope { return chartScope(r, scopeFor) }
	var found []*lint.Release
	var gens []helm.GeneratedInstall
	given := hopts.Generated
	for depth := 0; ; depth++ {
		rels := append(append([]*lint.Release(nil), releases...), found...)
		hopts.Generated = append(slices.Clip(given), gens...)
		out := helm.Render(ctx, charts, rels, hopts)
		parses := u.LookupRendered(out.Rendered, scopeOf)
		docs := decodeRendered(out.Rendered, decoded, u.DocSets(), parses.DocsWanted(out.Rendered, readers))
		next, nextGens, diags, notes := releasesIn(out.Rendered, docs, releases, hopts, scopeFor)
		if sameReleases(next, found) && sameGenerated(nextGens, gens) {
			return chartRun{out: out, docs: docs, parses: parses, found: found, diags: diags, notes: notes}
		}
		if depth == maxReleaseDepth {
			return chartRun{out: out, docs: docs, parses: parses, found: found, diags: diags, notes: append(notes, depthNote(found, next))}
		}
		found, gens = next, nextGens
	}
}

// sameGenerated reports whether a and b list the same ApplicationSet
// installs, in order (both come from one finder's file order).
func sameGenerated(a, b []helm.GeneratedInstall) bool {
	return slices.EqualFunc(a, b, func(x, y helm.GeneratedInstall) bool {
		return x.Label == y.Label && slices.Equal(x.Dirs, y.Dirs) && slices.Equal(x.Excluded, y.Excluded)
	})
}

// parsedWithout is what a rendering's text lacks for its parse (its
// WithoutValues): a chart rendered with defaults it refuses (it calls
// fail or misses a required value) renders on past what Helm stops at,
// and text it makes there (a printf of values that are missing) is
// nothing an install renders: the values an install gives it are
// missing; so are those of an ApplicationSet installing it with values
// of its own.
func parsedWithout(r helm.Rendered) string {
	if r.WithoutValues == "" && slices.Contains(r.Inferred, helm.InferredDefaultsRefused) {
		return "the values an install gives it (it refuses its defaults: it calls fail or misses a required value)"
	}
	if r.WithoutValues == "" && slices.Contains(r.Inferred, helm.InferredDefaultsGenerated) {
		return "the values an ApplicationSet installs it with (the Applications it generates are not followed)"
	}
	return r.WithoutValues
}

// decodeRendered is the documents of each rendered template wanted (nil
// where the text does not parse whole, and where want says no; want nil:
// all), unless an earlier round decoded the same text (decoded, by
// SHA-256): decoded with kube.Decode in parallel or, with set, the
// templates of one rendering (one chart for one release) together, the
// renderings in parallel — a kept rendering's documents are one entry of
// the per-unit cache.
func decodeRendered(rendered []helm.Rendered, decoded map[[sha256.Size]byte][]*yaml.Node, set func([][]byte) [][]*yaml.Node, want []bool) [][]*yaml.Node {
	docs := make([][]*yaml.Node, len(rendered))
	sums := make([][sha256.Size]byte, len(rendered))
	var todo []int
	for i, r := range rendered {
		if want != nil && !want[i] {
			continue
		}
		sums[i] = sha256.Sum256(r.Content)
		if d, ok := decoded[sums[i]]; ok {
			docs[i] = d
		} else {
			todo = append(todo, i)
		}
	}
	if set == nil {
		procs.Parallel(len(todo), func(j int) {
			i := todo[j]
			docs[i], _ = kube.Decode(rendered[i].Content)
		})
	} else {
		groups := helm.Renderings(rendered, todo)
		procs.Parallel(len(groups), func(g int) {
			texts := make([][]byte, len(groups[g]))
			for k, i := range groups[g] {
				texts[k] = rendered[i].Content
			}
			for k, d := range set(texts) {
				docs[groups[g][k]] = d
			}
		})
	}
	for _, i := range todo {
		decoded[sums[i]] = docs[i]
	}
	return docs
}

// depthNote says that release discovery stopped, at the last release
// found (found and next are not both empty: they differ).
func depthNote(found, next []*lint.Release) lint.Note {
	all := append(append([]*lint.Release(nil), found...), next...)
	return lint.Note{Kind: lint.Skipped, Range: all[len(all)-1].Range,
		What: fmt.Sprintf("charts keep installing new releases (a chart installing itself?): releases in chart output are followed %d levels deep, no further", maxReleaseDepth)}
}

// releasesIn finds the releases in rendered chart output that are not
// among known, each once, and the charts the ApplicationSets there
// install with values it does not follow (helm.GeneratedInstall).
func releasesIn(rendered []helm.Rendered, docs [][]*yaml.Node, known []*lint.Release, hopts helm.Options, scopeFor func(string) lint.Scope) ([]*lint.Release, []helm.GeneratedInstall, []lint.Diagnostic, []lint.Note) {
	f := helm.NewFinder(hopts)
	for i, r := range rendered {
		f.AddProduced(helm.Produced{Name: r.Name, Dir: filepath.Dir(r.Chart), Data: r.Content, Scope: chartScope(r, scopeFor),
			Map: r.Map, Source: lint.SourceHelm, Inferred: r.Inferred, Docs: docs[i], ValuesUnknown: r.WithoutValues, RenderingValues: r.Values})
	}
	rels, diags, notes := f.Releases()
	seen := map[string]bool{}
	for _, r := range known {
		seen[releaseID(r)] = true
	}
	var out []*lint.Release
	for _, r := range rels {
		if id := releaseID(r); !seen[id] {
			seen[id] = true
			out = append(out, r)
		}
	}
	return out, f.GeneratedInstalls(), diags, notes
}

// chartScope is the scope of a rendered template: its release's, under
// what .faultline.hcl configures for the chart.
func chartScope(r helm.Rendered, scopeFor func(string) lint.Scope) lint.Scope {
	return r.Scope.Merge(scopeFor(r.Chart))
}

// releaseID is what makes two releases the same installation: the chart,
// the release name and namespace and the values.
func releaseID(r *lint.Release) string {
	vals, err := json.Marshal(r.Values)
	if err != nil {
		vals = []byte(r.Addr)
	}
	return fmt.Sprintf("%s\x00%s\x00%s\x00%s\x00%s\x00%s", r.ChartDir, r.Repository, r.Chart, r.Name, r.Namespace, vals)
}

// sameReleases reports whether a and b hold the same releases.
func sameReleases(a, b []*lint.Release) bool {
	if len(a) != len(b) {
		return false
	}
	ids := map[string]int{}
	for _, r := range a {
		ids[releaseID(r)]++
	}
	for _, r := range b {
		id := releaseID(r)
		if ids[id] == 0 {
			return false
		}
		ids[id]--
	}
	return true
}

// addCharts adds a chart run to the model: the releases found in chart
// output, what the release values yield, and every rendered template,
// parsed and kept for compositions.
func (p *produced) addCharts(run chartRun, scopeFor func(string) lint.Scope, u *unitcache.Units) {
	for _, r := range run.found {
		p.model.Add(r)
	}
	p.model.Add(run.out.Entities...)
	p.in.Diagnostics = append(p.in.Diagnostics, run.out.Diagnostics...)
	p.in.Diagnostics = append(p.in.Diagnostics, run.diags...)
	p.in.Notes = append(p.in.Notes, run.out.Notes...)
	p.in.Notes = append(p.in.Notes, run.notes...)
	parsed := make([]parsedFile, len(run.out.Rendered))
	procs.Parallel(len(parsed), func(i int) {
		r, out := run.out.Rendered[i], &parsed[i]
		out.scope = chartScope(r, scopeFor)
		if k := run.parses.KeptAt(i); k != nil {
			out.ents, out.diags, out.notes, out.docs = k.Ents, k.Diags, k.Notes, run.docs[i]
			return
		}
		note := func(n lint.Note) { out.notes = append(out.notes, n) }
		var ns *lint.Value
		nsText := ""
		if r.Release != nil {
			ns = &r.Release.Namespace
		} else {
			v := helm.DefaultsNamespaceOf(r.ChartName)
			ns, nsText = &v, helm.DefaultsNamespace
		}
		out.ents, out.diags, out.docs = kube.ParseDocs(r.Name, r.Content, kube.Options{Scope: out.scope, Holes: p.holes, Source: lint.SourceHelm,
			Inferred: r.Inferred, MapRange: r.Map, MapDiagnostic: r.MapDiagnostic, WithoutValues: parsedWithout(r), WithoutValuesAt: r.ReadsValuesAt, Notes: note, Parsed: run.docs[i],
			ReleaseNamespace: ns, ReleaseNamespaceText: nsText, ReleaseNameText: r.ReleaseNameText})
	})
	// Kept before the entities are given their release's root below.
	run.parses.Keep(u, func(i int) unitcache.Parse {
		return unitcache.Parse{Ents: parsed[i].ents, Diags: parsed[i].diags, Notes: parsed[i].notes}
	})
	for i, r := range run.out.Rendered {
		out := parsed[i]
		for _, e := range out.ents {
			if r.Release != nil {
				e.Base().Root = r.Release.Root
			}
			if w, ok := e.(*lint.Workload); ok {
				w.Chart = r.ChartName
			}
		}
		p.model.Add(out.ents...)
		p.in.Diagnostics = append(p.in.Diagnostics, out.diags...)
		p.in.Notes = append(p.in.Notes, out.notes...)
		s := docSet{name: r.Name, data: r.Content, scope: out.scope, mapRange: r.Map, source: lint.SourceHelm, inferred: r.Inferred, parsed: out.docs}
		if s.parsed == nil {
			s.kept = run.parses.LazyDocs(u, run.out.Rendered, i)
		}
		p.docs = append(p.docs, s.forCompositions())
	}
}

// refType is the type of a reference to an identity.
var refType = reflect.TypeOf(lint.Ref{})

// passRefs gives every reference of an object read from YAML a module
// writes as a template the module arguments its interpolated value is
// passed in by (Embedded.Passed), unless it has some: the place a user
// sets the value, beside the place it reaches the object. It walks the
// object's fields (structs, pointers, slices) a few levels deep.
func passRefs(v reflect.Value, passed func(lint.Range) []lint.Location, depth int) {
	if depth > 4 {
		return
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			passRefs(v.Elem(), passed, depth+1)
		}
	case reflect.Struct:
		if v.Type() == refType {
			if r := v.Addr().Interface().(*lint.Ref); len(r.Passed) == 0 && r.IsSet() {
				r.Passed = passed(r.Range)
			}
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if f := v.Field(i); f.CanSet() {
				passRefs(f, passed, depth+1)
			}
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			passRefs(v.Index(i), passed, depth+1)
		}
	}
}
