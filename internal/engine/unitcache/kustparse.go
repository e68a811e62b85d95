package unitcache

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/flux"
	"github.com/faultline-dev/faultline/parsers/helm"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
)

// The per-unit cache keeps the parse of a kustomization's output as it
// keeps a rendering's (rendered.go): its entities, diagnostics and
// notes, keyed by the output's name and text, its scope and what its
// position map reads — the build's inputs (recordDigest): the same
// files build the same map. A kept build whose parse is kept is then
// neither decoded nor parsed again, unless something still reads its
// documents (docsRead).

// recordDigest identifies what a build read: every file by its path and
// content, every listing and probe; not when a file was written (a file
// written again alike reads alike).
func recordDigest(rec cache.InputRecord) string {
	h := sha256.New()
	var n [8]byte
	field := func(b []byte) {
		binary.BigEndian.PutUint64(n[:], uint64(len(b)))
		h.Write(n[:])
		h.Write(b)
	}
	count := func(c int) { field(binary.BigEndian.AppendUint64(nil, uint64(c))) }
	count(len(rec.Files))
	for _, f := range rec.Files {
		field([]byte(f.Path))
		field(f.Hash[:])
	}
	count(len(rec.Dirs))
	for _, d := range rec.Dirs {
		field([]byte(d.Dir))
		field(d.Sum[:])
	}
	count(len(rec.Probes))
	for _, p := range rec.Probes {
		field([]byte(p.Path))
		field([]byte(p.Kind))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// KustParseKey is the store key of the parse of a kustomization's output
// content under name with scope and a map that reads mapKey; false when
// it must not be kept (no map key, a sentinel in the text).
func (u *Units) KustParseKey(name string, scope lint.Scope, content []byte, mapKey string) (cache.Key, bool) {
	if u == nil || mapKey == "" || lint.HasSentinelBytes(content) {
		return cache.Key{}, false
	}
	sc, err := json.Marshal(scope)
	if err != nil {
		return cache.Key{}, false
	}
	sum := sha256.Sum256(content)
	return cache.KeyOf([]byte("kustomization-parse"), u.context[:], []byte(u.build), []byte(name), sc, []byte(mapKey), sum[:]), true
}

// LookupKustParse is the kept parse under key, or nil.
func (u *Units) LookupKustParse(key cache.Key) *Parse {
	e, ok := u.lookupParse(key)
	if !ok {
		return nil
	}
	u.mu.Lock()
	u.report.KustParsesKept++
	u.mu.Unlock()
	return e
}

// KeepKustParse stages the parse of a kustomization's output just made,
// stored with the run's builds (Flush).
func (u *Units) KeepKustParse(key cache.Key, e *Parse) {
	if u == nil {
		return
	}
	u.mu.Lock()
	u.report.KustParsesMade++
	u.mu.Unlock()
	if payload, err := kept.Wire().Append(nil, e); err == nil {
		u.queue(key, payload)
	}
}

// DocReaders says what besides the parse reads produced YAML's
// documents in every run: the release finder (a release, or a ConfigMap
// when a Flux HelmRelease may name it) and the Flux substitution finder
// (anything it reads, when a Flux Kustomization may be among its files).
// A reader given no documents parses what it reads itself, so this only
// decides which kept documents are worth decoding at once; Crossplane
// compositions decode theirs only when they render (docSet.kept).
type DocReaders struct {
	helmRelease, fluxKustomization bool
}

// See notes what YAML data the run's readers are given may hold.
func (d *DocReaders) See(data []byte) {
	d.helmRelease = d.helmRelease || helm.MayHoldHelmRelease(data)
	d.fluxKustomization = d.fluxKustomization || flux.MayHoldKustomization(data)
}

// Wanted says a reader besides the parse may read data's documents.
func (d DocReaders) Wanted(data []byte) bool {
	return helm.FinderReads(data, d.helmRelease) || (d.fluxKustomization && flux.Reads(data))
}
