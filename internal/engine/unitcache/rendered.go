package unitcache

import (
	"crypto/sha256"
	"encoding/json"
	"sync"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/internal/procs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/helm"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
)

// The per-unit cache keeps the parse of what a rendering (a chart for a
// release) rendered: each template's entities, diagnostics and notes as
// kube.ParseDocs gave them with the rendering's position map. A parse
// depends on the template's name and text, its scope, its release's
// namespace and what the map reads (helm.Rendered.MapKey), so a rendering kept or made again alike
// is not decoded, parsed and mapped again (on prometheus-community's
// charts that was a fifth of a run after one file changed). Its
// documents are then decoded only for what still reads them: the
// release finder (helm.FinderReads) and Crossplane compositions
// (kube.ReadsParsed).

// renderedParseKey is the store key of the parses of rs, one rendering's
// templates, with their scopes; false when they must not be kept: a text
// holds a sentinel (its meaning is the run's own) or a map is not known.
func (u *Units) renderedParseKey(rs []helm.Rendered, scopes []lint.Scope) (cache.Key, bool) {
	if u == nil || len(rs) == 0 {
		return cache.Key{}, false
	}
	parts := [][]byte{[]byte("rendered-parse"), u.context[:], []byte(u.build)}
	for i, r := range rs {
		if r.MapKey == "" || lint.HasSentinelBytes(r.Content) {
			return cache.Key{}, false
		}
		sc, err := json.Marshal(scopes[i])
		if err != nil {
			return cache.Key{}, false
		}
		inf, err := json.Marshal(r.Inferred)
		if err != nil {
			return cache.Key{}, false
		}
		// The release's namespace is the one of the objects that write
		// none (kube.Options.ReleaseNamespace).
		ns := "-"
		if r.Release != nil {
			s, ok := r.Release.Namespace.Str()
			if !ok {
				return cache.Key{}, false
			}
			ns = "ns:" + s
		}
		sum := sha256.Sum256(r.Content)
		parts = append(parts, []byte(r.Name), []byte(r.Template), []byte(r.MapKey), sc, inf, []byte(ns), sum[:])
	}
	return cache.KeyOf(parts...), true
}

// lookupRenderedParses is the kept parse of each of n templates under
// key, if an entry for as many decodes.
func (u *Units) lookupRenderedParses(key cache.Key, n int) ([]Parse, bool) {
	payload, ok := u.store.Get(key)
	if !ok {
		return nil, false
	}
	var es []Parse
	if rest, err := kept.Wire().Decode(payload, &es); err != nil || len(rest) > 0 || len(es) != n {
		u.store.Remove(key)
		return nil, false
	}
	u.mu.Lock()
	u.report.RenderedParsesKept++
	u.mu.Unlock()
	return es, true
}

// keepRenderedParses stages the parses of one rendering's templates just
// made, to be stored with the run's renderings (Flush): a run whose
// budget left a unit out keeps none, as it keeps no rendering.
func (u *Units) keepRenderedParses(key cache.Key, es []Parse) {
	u.mu.Lock()
	u.report.RenderedParsesMade++
	u.mu.Unlock()
	payload, err := kept.Wire().Append(nil, &es)
	if err != nil {
		return
	}
	u.queue(key, payload)
}

// RenderedParses are the kept parses of rendered (by index, nil where
// none), looked up rendering by rendering, and each rendering's key
// (ok false where it may not be kept).
type RenderedParses struct {
	groups [][]int
	keys   []cache.Key
	ok     []bool
	kept   []*Parse
	// groupOf is the rendering of each template; a kept rendering's
	// documents are decoded (once, docs) when compositions ask (LazyDocs).
	groupOf []int
	once    []sync.Once
	docs    [][][]*yaml.Node
}

// LookupRendered finds the kept parses of rendered, whose scopes scopeOf
// gives. u may be nil: nothing is kept.
func (u *Units) LookupRendered(rendered []helm.Rendered, scopeOf func(helm.Rendered) lint.Scope) *RenderedParses {
	all := make([]int, len(rendered))
	for i := range all {
		all[i] = i
	}
	rp := &RenderedParses{groups: helm.Renderings(rendered, all), kept: make([]*Parse, len(rendered)), groupOf: make([]int, len(rendered))}
	rp.keys, rp.ok = make([]cache.Key, len(rp.groups)), make([]bool, len(rp.groups))
	rp.once, rp.docs = make([]sync.Once, len(rp.groups)), make([][][]*yaml.Node, len(rp.groups))
	for g, idx := range rp.groups {
		for _, i := range idx {
			rp.groupOf[i] = g
		}
	}
	if u == nil {
		return rp
	}
	procs.Parallel(len(rp.groups), func(g int) {
		idx := rp.groups[g]
		rs, scopes := make([]helm.Rendered, len(idx)), make([]lint.Scope, len(idx))
		for k, i := range idx {
			rs[k], scopes[k] = rendered[i], scopeOf(rendered[i])
		}
		rp.keys[g], rp.ok[g] = u.renderedParseKey(rs, scopes)
		if !rp.ok[g] {
			return
		}
		if es, hit := u.lookupRenderedParses(rp.keys[g], len(idx)); hit {
			for k, i := range idx {
				rp.kept[i] = &es[k]
			}
		}
	})
	return rp
}

// KeptAt is the kept parse of rendered template i, or nil (rp nil: none).
func (rp *RenderedParses) KeptAt(i int) *Parse {
	if rp == nil {
		return nil
	}
	return rp.kept[i]
}

// DocsWanted says, by rendered template, whether its documents are to
// be decoded at once: every template of a rendering without kept parses
// (they are parsed), and every one of a rendering one of whose templates
// the release finder may read (a ConfigMap only when a Flux HelmRelease
// may be among its YAML: readers, or a rendering); a rendering's
// documents are one cache entry, decoded whole. Compositions decode
// theirs when they render (LazyDocs). nil (rp nil): all.
func (rp *RenderedParses) DocsWanted(rendered []helm.Rendered, readers DocReaders) []bool {
	if rp == nil {
		return nil
	}
	for _, r := range rendered {
		readers.See(r.Content)
	}
	want := make([]bool, len(rendered))
	for _, idx := range rp.groups {
		read := rp.kept[idx[0]] == nil
		for _, i := range idx {
			c := rendered[i].Content
			read = read || helm.FinderReads(c, readers.helmRelease)
		}
		for _, i := range idx {
			want[i] = read
		}
	}
	return want
}

// LazyDocs gives rendered template i's documents, decoding its
// rendering's (one cache entry, u.decodeSet) the first time one of its
// templates' is asked; nil when i has no kept parse (its documents were
// decoded to be parsed).
func (rp *RenderedParses) LazyDocs(u *Units, rendered []helm.Rendered, i int) func() []*yaml.Node {
	if rp == nil || u == nil || rp.kept[i] == nil {
		return nil
	}
	g := rp.groupOf[i]
	return func() []*yaml.Node {
		rp.once[g].Do(func() {
			texts := make([][]byte, len(rp.groups[g]))
			for k, j := range rp.groups[g] {
				texts[k] = rendered[j].Content
			}
			rp.docs[g] = u.decodeSet(texts)
		})
		for k, j := range rp.groups[g] {
			if j == i && k < len(rp.docs[g]) {
				return rp.docs[g][k]
			}
		}
		return nil
	}
}

// Keep stages the parses of the renderings that had none kept and may
// be kept (parsed gives every rendered template's, by index).
func (rp *RenderedParses) Keep(u *Units, parsed func(i int) Parse) {
	if rp == nil || u == nil {
		return
	}
	procs.Parallel(len(rp.groups), func(g int) {
		idx := rp.groups[g]
		if !rp.ok[g] || rp.kept[idx[0]] != nil {
			return
		}
		es := make([]Parse, len(idx))
		for k, i := range idx {
			es[k] = parsed(i)
		}
		u.keepRenderedParses(rp.keys[g], es)
	})
}
