package unitcache

import (
	"crypto/sha256"
	"encoding/json"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/internal/yamlwire"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/kube"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
)

// Parse is what parsing one manifest file as written gave: the
// entities, diagnostics and notes of kube.ParseDocs and the documents it
// read. A file's parse depends on nothing but its text, its name, its
// scope and the build (kube.Options), so the per-unit cache keeps it
// content-addressed: a run after an edit elsewhere decodes it instead of
// parsing YAML again.
type Parse struct {
	Ents  []lint.Entity
	Diags []lint.Diagnostic
	Notes []lint.Note
	// Docs are written by their own encoding (yamlwire): reading them
	// back costs a fifth of parsing the text again. Last: a lookup may
	// leave them undecoded in docs (lookupParseHead).
	Docs yamlwire.Docs
	docs []byte
}

// parseKey is the store key of parsing data as the file rel with scope;
// false when the parse must not be kept: the text holds a sentinel, whose
// meaning is the run's own (as written, a file has none).
func (u *Units) parseKey(rel string, scope lint.Scope, data []byte) (cache.Key, bool) {
	if u == nil || lint.HasSentinelBytes(data) {
		return cache.Key{}, false
	}
	sc, err := json.Marshal(scope)
	if err != nil {
		return cache.Key{}, false
	}
	sum := sha256.Sum256(data)
	return cache.KeyOf([]byte("manifest-parse"), u.context[:], []byte(u.build), []byte(rel), sc, sum[:]), true
}

// parseHead is a Parse but its documents: decoding one from a kept
// parse leaves the documents' bytes (the last field) to decode when
// something reads them (Parse.Documents).
type parseHead struct {
	Ents  []lint.Entity
	Diags []lint.Diagnostic
	Notes []lint.Note
}

// lookupParseHead is the kept parse under key without its documents,
// kept undecoded in the entry, if its head decodes.
func (u *Units) lookupParseHead(key cache.Key) (*Parse, bool) {
	payload, ok := u.parses.payload(u, key)
	if !ok {
		return nil, false
	}
	var h parseHead
	rest, err := kept.Wire().Decode(payload, &h)
	if err != nil || len(rest) == 0 {
		u.store.Remove(key)
		return nil, false
	}
	return &Parse{Ents: h.Ents, Diags: h.Diags, Notes: h.Notes, docs: rest}, true
}

// Documents are e's documents: Docs, or decoded from what its lookup
// left (nil when they do not decode: a reader then parses the text).
func (e *Parse) Documents() []*yaml.Node {
	if e.Docs == nil && e.docs != nil {
		var d yamlwire.Docs
		if rest, err := kept.Wire().Decode(e.docs, &d); err == nil && len(rest) == 0 {
			e.Docs = d
		}
		e.docs = nil
	}
	return e.Docs
}

// lookupParse is the kept parse under key, if one decodes.
func (u *Units) lookupParse(key cache.Key) (*Parse, bool) {
	payload, ok := u.parses.payload(u, key)
	if !ok {
		return nil, false
	}
	e := new(Parse)
	if err := decodeWhole(payload, e); err != nil {
		u.store.Remove(key)
		return nil, false
	}
	return e, true
}

// TakeParse counts a kept parse used, handing its notes to note.
func (u *Units) TakeParse(e *Parse, note func(lint.Note)) ([]lint.Entity, []lint.Diagnostic, []*yaml.Node) {
	u.mu.Lock()
	u.report.ParsesKept++
	u.mu.Unlock()
	for _, n := range e.Notes {
		note(n)
	}
	return e.Ents, e.Diags, e.Docs
}

// keepParse keeps a parse just made: for the tree's parse pack, or
// written on its own at the manifests stage's end or at once
// (pack.go). It depends on nothing but what its key holds (the
// text, the name, the scope, the build), never on the rest of the run
// nor on its budget, so it needs no proof that the run held still.
func (u *Units) keepParse(key cache.Key, e *Parse) {
	u.mu.Lock()
	u.report.ParsesMade++
	u.mu.Unlock()
	buf, _ := u.buffers.Get().(*[]byte)
	if buf == nil {
		buf = new([]byte)
	}
	defer u.buffers.Put(buf)
	payload, err := kept.Wire().Append((*buf)[:0], e)
	*buf = payload
	if err != nil {
		return
	}
	u.holdParse(key, payload)
}

// KeptParseOf is the kept parse of data as the file rel with scope, its
// documents left undecoded (Parse.Documents), or nil (no cache, or
// none kept).
func (u *Units) KeptParseOf(rel string, scope lint.Scope, data []byte) *Parse {
	if key, ok := u.parseKey(rel, scope, data); ok {
		if e, hit := u.lookupParseHead(key); hit {
			return e
		}
	}
	return nil
}

// ParseDocs parses data as the file rel with opts (kube.ParseDocs, its
// notes to opts.Notes), or takes the parse the per-unit cache kept; a
// parse made is kept. u may be nil (no cache).
func (u *Units) ParseDocs(rel string, data []byte, opts kube.Options) ([]lint.Entity, []lint.Diagnostic, []*yaml.Node) {
	key, ok := u.parseKey(rel, opts.Scope, data)
	if ok {
		if e, hit := u.lookupParse(key); hit {
			return u.TakeParse(e, opts.Notes)
		}
	} else {
		return kube.ParseDocs(rel, data, opts)
	}
	var notes []lint.Note
	report := opts.Notes
	opts.Notes = func(n lint.Note) {
		notes = append(notes, n)
		report(n)
	}
	ents, diags, docs := kube.ParseDocs(rel, data, opts)
	u.keepParse(key, &Parse{Ents: ents, Diags: diags, Notes: notes, Docs: docs})
	return ents, diags, docs
}

// DecodeDocs is kube.Decode of data (a kept kustomize build's output), or
// the documents the per-unit cache kept for the same text; decoded ones
// are kept. u may be nil (no cache). The report does not count them:
// the build's own line does.
func (u *Units) DecodeDocs(data []byte) []*yaml.Node {
	if u == nil {
		docs, _ := kube.Decode(data)
		return docs
	}
	sum := sha256.Sum256(data)
	key := cache.KeyOf([]byte("yaml-docs"), []byte(u.build), sum[:])
	if payload, ok := u.store.Get(key); ok {
		var docs yamlwire.Docs
		if err := docs.GobDecode(payload); err == nil && docs != nil {
			return docs
		}
		u.store.Remove(key)
	}
	docs, ok := kube.Decode(data)
	if !ok {
		return nil
	}
	if payload, err := yamlwire.Docs(docs).AppendBinary(nil); err == nil {
		u.queue(key, payload)
	}
	return docs
}

// DocSets is decodeSet, nil without a cache.
func (u *Units) DocSets() func([][]byte) [][]*yaml.Node {
	if u == nil {
		return nil
	}
	return u.decodeSet
}

// decodeSet is kube.Decode of each of texts (the templates one chart
// rendered for one release; nil where a text does not parse whole), or
// the documents the per-unit cache kept for the same texts, as one
// entry; decoded ones are kept. The report does not count them: the
// rendering's own count does.
func (u *Units) decodeSet(texts [][]byte) [][]*yaml.Node {
	parts := [][]byte{[]byte("yaml-doc-set"), []byte(u.build)}
	for _, t := range texts {
		sum := sha256.Sum256(t)
		parts = append(parts, sum[:])
	}
	key := cache.KeyOf(parts...)
	if payload, ok := u.store.Get(key); ok {
		var set []yamlwire.Docs
		if rest, err := kept.Wire().Decode(payload, &set); err == nil && len(rest) == 0 && len(set) == len(texts) {
			docs := make([][]*yaml.Node, len(set))
			for i, d := range set {
				docs[i] = d
			}
			return docs
		}
		u.store.Remove(key)
	}
	docs := make([][]*yaml.Node, len(texts))
	set := make([]yamlwire.Docs, len(texts))
	for i, t := range texts {
		docs[i], _ = kube.Decode(t)
		set[i] = docs[i]
	}
	if payload, err := kept.Wire().Append(nil, &set); err == nil {
		u.queue(key, payload)
	}
	return docs
}
