package kustomize

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"io/fs"
	"path/filepath"
	"sync"

	"go.yaml.in/yaml/v3"
	"sigs.k8s.io/kustomize/api/resource"
)

// Cache is what the renders of one run share: the files read through the
// tree, the documents parsed from them (to mark and sanitise them and to
// map positions), the kustomization files parsed (each build rewrites a
// copy), and the YAML of rendered objects with, for an object several
// renders share, that YAML parsed. A base that
// many overlays include is then read and parsed once per run, not once
// per overlay (krusty still builds it once per overlay: its API builds a
// kustomization from a path, and an overlay transforms its bases' objects
// in place, so a built base cannot be handed to another build). Only
// successful reads are kept: a read refused before the tree widened may
// succeed after. Safe for concurrent use.
//
// Why krusty (v0.21) cannot build a shared base once: Kustomizer.Run is
// the only entry, and a base is built inside it by the internal
// KustTarget.accumulateDirectory into an internal
// accumulator.ResAccumulator (objects, transformer configurations, vars)
// that the overlay merges and then transforms in place; there is no hook
// to hand it a built one. A base's build also depends on its overlay:
// it inherits the overlay's buildMetadata, origin and namespace (the Helm
// charts it inflates). Handing the base's rendered YAML in its place is
// not the same build either: Run strips the build annotations that carry
// each object's earlier names and kinds, generator options and origin, so
// an overlay's patch or name reference to a base object by its name
// before the base's namePrefix, or a configMapGenerator merging into the
// base's, would no longer match. BenchmarkRebuildShare measures what
// building shared bases once could save.
type Cache struct {
	mu    sync.Mutex
	files map[string][]byte                  // absolute, cleaned path → content
	stats map[string]statRes                 // absolute, cleaned path → what Stat gave
	docs  map[string]parsed                  // absolute, cleaned path → its documents
	yaml  map[[sha256.Size]byte]*objectEntry // digest of a rendered object → its YAML
	kusts map[string]kustParse               // absolute, cleaned path → the kustomization parsed
}

// kustParse is a kustomization file's content and what parsing it gave
// (its documents are never handed out: each build gets a copy).
type kustParse struct {
	data []byte
	doc  kustDoc
}

// statRes is a Stat that succeeded, or found nothing.
type statRes struct {
	fi  fs.FileInfo
	err error // nil or fs.ErrNotExist
}

// parsed is a file's documents and the content they were parsed from.
type parsed struct {
	data []byte
	docs []*yaml.Node
	ok   bool // the whole content parsed
}

// NewCache returns an empty cache for one run.
func NewCache() *Cache {
	return &Cache{files: map[string][]byte{}, stats: map[string]statRes{}, docs: map[string]parsed{}, yaml: map[[sha256.Size]byte]*objectEntry{}, kusts: map[string]kustParse{}}
}

// stat stats p through src, or returns what an earlier stat gave: a
// FileInfo, or fs.ErrNotExist (a refusal is not kept, see Cache). An
// observed source (Options.Inputs) always stats through its view.
func (c *Cache) stat(src source, p string) (fs.FileInfo, error) {
	if c == nil || src.observed {
		return src.tree.Stat(p)
	}
	key := filepath.Clean(p)
	c.mu.Lock()
	r, ok := c.stats[key]
	c.mu.Unlock()
	if ok {
		return r.fi, r.err
	}
	fi, err := src.tree.Stat(p)
	switch {
	case err == nil:
		r = statRes{fi: fi}
	case errors.Is(err, fs.ErrNotExist):
		r = statRes{err: err}
	default:
		return fi, err
	}
	c.mu.Lock()
	c.stats[key] = r
	c.mu.Unlock()
	return fi, err
}

// read reads p through src, or returns what an earlier read gave. An
// observed source (Options.Inputs) always reads through its view.
func (c *Cache) read(src source, p string, limit int64) ([]byte, error) {
	if c == nil || src.observed {
		return src.tree.ReadFile(p, limit)
	}
	key := filepath.Clean(p)
	c.mu.Lock()
	data, ok := c.files[key]
	c.mu.Unlock()
	if ok && int64(len(data)) <= limit {
		return data, nil
	}
	data, err := src.tree.ReadFile(p, limit)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.files[key] = data
	c.mu.Unlock()
	return data, nil
}

// documents returns the YAML documents of data, the content of the file at
// p, parsed once per run. They are shared: callers only read them.
func (c *Cache) documents(p string, data []byte) []*yaml.Node {
	docs, _ := c.parse(p, data)
	return docs
}

// parse is documents, and whether all of data parsed (pluginDocs).
func (c *Cache) parse(p string, data []byte) ([]*yaml.Node, bool) {
	if c == nil || p == "" {
		return pluginDocs(data)
	}
	key := filepath.Clean(p)
	c.mu.Lock()
	e, ok := c.docs[key]
	c.mu.Unlock()
	if ok && bytes.Equal(e.data, data) {
		return e.docs, e.ok
	}
	docs, whole := pluginDocs(data)
	c.mu.Lock()
	c.docs[key] = parsed{data: data, docs: docs, ok: whole}
	c.mu.Unlock()
	return docs, whole
}

// kustDoc is parseKustDoc(data), data the content of the kustomization
// file at p, parsed once per run: a base every overlay includes is parsed
// once, and each build copies the result (into). shared says it is the
// run's (false without a cache).
func (c *Cache) kustDoc(p string, data []byte) (d kustDoc, shared bool) {
	if c == nil {
		return parseKustDoc(data), false
	}
	key := filepath.Clean(p)
	c.mu.Lock()
	e, ok := c.kusts[key]
	c.mu.Unlock()
	if ok && bytes.Equal(e.data, data) {
		return e.doc, true
	}
	d = parseKustDoc(data)
	c.mu.Lock()
	c.kusts[key] = kustParse{data: data, doc: d}
	c.mu.Unlock()
	return d, true
}

// objectYAML is resourceYAML(res), once per run for a given object: an
// object several roots render alike (a CRD in a shared base, which no
// overlay transforms) is serialised once. The key is a digest of the
// object's node tree, everything resourceYAML reads of it (kinds, tags,
// styles, values, anchors, aliases' targets, comments); nil c: no cache.
func (c *Cache) objectYAML(res *resource.Resource) (*objectEntry, error) {
	n := res.YNode()
	if c == nil || n == nil || n.Kind != yaml.MappingNode {
		return newObjectEntry(resourceYAML(res))
	}
	text, ok := appendNode(make([]byte, 0, 4096), n, 0)
	if !ok {
		return newObjectEntry(resourceYAML(res))
	}
	key := sha256.Sum256(text)
	c.mu.Lock()
	e, ok := c.yaml[key]
	c.mu.Unlock()
	if ok {
		return e, nil
	}
	e, err := newObjectEntry(resourceYAML(res))
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.yaml[key] = e
	c.mu.Unlock()
	return e, nil
}

// appendNode appends n and what lies below it to buf, each field length
// prefixed (the text a digest of n is taken over); false past
// maxYAMLDepth.
func appendNode(buf []byte, n *yaml.Node, depth int) ([]byte, bool) {
	if depth > maxYAMLDepth {
		return buf, false
	}
	text := func(s string) { buf = append(binary.AppendUvarint(buf, uint64(len(s))), s...) }
	buf = binary.AppendUvarint(buf, uint64(n.Kind))
	buf = binary.AppendUvarint(buf, uint64(n.Style))
	text(n.Tag)
	text(n.Value)
	text(n.Anchor)
	text(n.HeadComment)
	text(n.LineComment)
	text(n.FootComment)
	if n.Kind == yaml.AliasNode {
		if n.Alias == nil {
			return append(buf, 0), true
		}
		return appendNode(append(buf, 1), n.Alias, depth+1)
	}
	buf = binary.AppendUvarint(buf, uint64(len(n.Content)))
	ok := true
	for _, c := range n.Content {
		if buf, ok = appendNode(buf, c, depth+1); !ok {
			return buf, false
		}
	}
	return buf, true
}
