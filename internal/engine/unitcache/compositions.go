package unitcache

import (
	"encoding/json"
	"sort"
	"sync"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/kube"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
)

// The compositions stage is kept as one unit: its result (entities,
// diagnostics, coverage notes) depends on the files it reads and on
// nothing else the run holds — kube.Compose reads the files naming
// Crossplane's API group or its packages' group (kube.ReadsParsed) and, once it found compositions, those its
// InputMarks mark; a file it reads counts by its name, text, scope,
// source, inferred marks and the answers its position map gave. The
// entry is keyed by the build, the run's layout (Units.context) and
// the files naming the API group; it holds the marks, the digest of
// every file read, and the questions asked of position maps with their
// answers. A run whose files read are the same and whose maps answer the
// same takes the entry instead of rendering.
//
// A file holding sentinels (holes from Terraform) counts by the
// references they stand for (digestFile): the result holds the holes
// decoded, as references, which read the same in every run. A file
// holding a fresh anonymous hole (decoded to a name of the run's own),
// or a result holding a sentinel, is not kept. The stage reads no
// file of the tree itself (its documents come from stages that record
// their reads), so the whole run's record needs nothing from it.

// CompEntry is what the store holds of the compositions stage.
type CompEntry struct {
	// Marks are the rendering's (kube.Composed.Marks).
	Marks kube.InputMarks
	// Read digests the files it read, in order (CompFiles.digest).
	Read []byte
	// Positions are the questions the rendering asked of the position
	// maps of the files it read, with their answers.
	Positions []compPosition
	Ents      []lint.Entity
	Diags     []lint.Diagnostic
	Notes     []lint.Note
}

// compPosition is one question asked of the position map of the File-th
// file read.
type compPosition struct {
	File int
	In   lint.Range
	Text string
	Out  lint.Range
}

// CompRecord is a rendering under way: the position maps' answers, by
// index of the file in the stage's list.
type CompRecord struct {
	mu    sync.Mutex
	asked map[int]map[positionQuery]lint.Range
}

// CompFiles are the stage's files, each scanned and digested at most
// once.
type CompFiles struct {
	files []kube.File
	holes *lint.Holes
	// xp marks the files naming Crossplane's API group or its packages'
	// group (kube.ReadsParsed);
	// any says one does.
	xp  []bool
	any bool
	// sums are digestFile's digests by index (nil: not digested yet).
	sums [][]byte
	// bad is set when a file digested could not be.
	bad []bool
}

// newCompFiles is files, whose sentinels holes number, to digest.
func newCompFiles(files []kube.File, holes *lint.Holes) *CompFiles {
	c := &CompFiles{files: files, holes: holes, xp: make([]bool, len(files)), sums: make([][]byte, len(files)), bad: make([]bool, len(files))}
	for i, f := range files {
		c.xp[i] = kube.ReadsParsed(f.Data)
		c.any = c.any || c.xp[i]
	}
	return c
}

// CompositionFiles is files, whose sentinels holes number, for the
// per-unit cache; nil without one.
func (u *Units) CompositionFiles(files []kube.File, holes *lint.Holes) *CompFiles {
	if u == nil {
		return nil
	}
	return newCompFiles(files, holes)
}

// sum is the digest of the i-th file (digestFile); false when it cannot
// be digested.
func (c *CompFiles) sum(i int) ([]byte, bool) {
	if c.sums[i] == nil && !c.bad[i] {
		sum, ok := digestFile(c.files[i], c.holes)
		c.sums[i], c.bad[i] = sum, !ok
	}
	return c.sums[i], !c.bad[i]
}

// key is the store key of the stage over the files: the files naming
// Crossplane's API group; false when there are none (nothing renders) or
// one cannot be digested (digestFile).
func (c *CompFiles) key(u *Units) (cache.Key, bool) {
	parts := [][]byte{[]byte("compositions"), u.context[:], []byte(u.build)}
	for i := range c.files {
		if !c.xp[i] {
			continue
		}
		sum, ok := c.sum(i)
		if !ok {
			return cache.Key{}, false
		}
		parts = append(parts, sum)
	}
	if len(parts) == 3 {
		return cache.Key{}, false
	}
	return cache.KeyOf(parts...), true
}

// digest digests the files a rendering with marks reads, with their
// indexes; false when one cannot be digested (digestFile).
func (c *CompFiles) digest(marks kube.InputMarks) ([]byte, []int, bool) {
	var parts [][]byte
	var read []int
	for i, f := range c.files {
		if !c.xp[i] && !marks.MayHoldInput(f.Data) {
			continue // not read (marks.Reads)
		}
		sum, ok := c.sum(i)
		if !ok {
			return nil, nil, false
		}
		parts = append(parts, sum)
		read = append(read, i)
	}
	k := cache.KeyOf(parts...)
	return k[:], read, true
}

// digestFile digests what the rendering reads of f besides its position
// map's answers: name, scope, source, inferred marks, whether it has a
// map, and its text. A text holding sentinels is digested with each
// written out as the reference it stands for (lint.Holes.Portable), the
// same in every run; nil when one stands for a fresh anonymous hole,
// which decodes to a name of this run's own ("anonymous#n"): such a text
// is not kept.
func digestFile(f kube.File, holes *lint.Holes) ([]byte, bool) {
	scope, err := json.Marshal(f.Scope)
	if err != nil {
		return nil, false
	}
	inferred, err := json.Marshal(f.Inferred)
	if err != nil {
		return nil, false
	}
	mapped := "unmapped"
	if f.Map != nil {
		mapped = "mapped"
	}
	text, data := "raw", f.Data
	if lint.HasSentinelBytes(f.Data) {
		if holes == nil {
			return nil, false
		}
		portable, ok := portableText(string(f.Data), holes)
		if !ok {
			return nil, false
		}
		text, data = "portable", []byte(portable)
	}
	k := cache.KeyOf([]byte(f.Rel), scope, []byte(f.Source), inferred, []byte(mapped), []byte(text), data)
	return k[:], true
}

// portableText is s with each sentinel written out as the reference it
// stands for (lint.Holes.Portable); false when one is not a hole of
// holes or stands for a fresh anonymous hole.
func portableText(s string, holes *lint.Holes) (string, bool) {
	ok := true
	out := lint.MapSentinels(s, func(st string) string {
		one := map[string]lint.PortableHole{}
		holes.Export(st, one)
		if p, found := one[st]; !found || p.Fresh {
			ok = false
			return st
		}
		return holes.Portable(st)
	})
	return out, ok
}

// KeptCompositions is the kept result of the stage over c's files when
// every file it read is the same and their maps answer the same; an
// entry that does not decode is a miss (and removed). c may be nil (no
// cache).
func (u *Units) KeptCompositions(c *CompFiles) (*CompEntry, bool) {
	if u == nil || c == nil {
		return nil, false
	}
	key, ok := c.key(u)
	if !ok {
		return nil, false
	}
	payload, ok := u.store.Get(key)
	if !ok {
		return nil, false
	}
	var e CompEntry
	if err := decodeWhole(payload, &e); err != nil {
		u.store.Remove(key)
		return nil, false
	}
	sum, read, ok := c.digest(e.Marks)
	if !ok || string(sum) != string(e.Read) {
		return nil, false
	}
	for _, p := range e.Positions {
		if p.File < 0 || p.File >= len(read) {
			return nil, false
		}
		m := c.files[read[p.File]].Map
		if m == nil || m(p.In, p.Text) != p.Out {
			return nil, false
		}
	}
	u.mu.Lock()
	u.report.CompsKept++
	u.mu.Unlock()
	return &e, true
}

// RecordCompositions wraps the position maps of files so that the
// answers the rendering gets are recorded; nil without a cache.
func (u *Units) RecordCompositions(files []kube.File) *CompRecord {
	if u == nil {
		return nil
	}
	rec := &CompRecord{asked: map[int]map[positionQuery]lint.Range{}}
	for i := range files {
		inner := files[i].Map
		if inner == nil {
			continue
		}
		files[i].Map = func(r lint.Range, text string) lint.Range {
			out := inner(r, text)
			rec.mu.Lock()
			if rec.asked[i] == nil {
				rec.asked[i] = map[positionQuery]lint.Range{}
			}
			rec.asked[i][positionQuery{r, text}] = out
			rec.mu.Unlock()
			return out
		}
	}
	return rec
}

// KeepCompositions queues the stage's result c over cf's files, rendered
// with rec recording (notes its coverage notes), to be written with the
// run's other units. A rendering that read a file that cannot be
// digested, or asked a map of a file it did not read, is not kept. cf
// may be nil (no cache).
func (u *Units) KeepCompositions(cf *CompFiles, rec *CompRecord, c kube.Composed, notes []lint.Note) {
	if u == nil || cf == nil || !cf.any {
		return // nothing to render
	}
	u.mu.Lock()
	u.report.CompsRendered++
	u.mu.Unlock()
	key, ok := cf.key(u)
	if !ok {
		return
	}
	sum, read, ok := cf.digest(c.Marks)
	if !ok {
		return
	}
	ordinal := make(map[int]int, len(read))
	for n, i := range read {
		ordinal[i] = n
	}
	e := CompEntry{Marks: c.Marks, Read: sum, Ents: c.Entities, Diags: c.Diagnostics, Notes: notes}
	rec.mu.Lock()
	for i, asked := range rec.asked {
		n, ok := ordinal[i]
		if !ok {
			rec.mu.Unlock()
			return
		}
		for q, out := range asked {
			e.Positions = append(e.Positions, compPosition{File: n, In: q.r, Text: q.text, Out: out})
		}
	}
	rec.mu.Unlock()
	sort.Slice(e.Positions, func(i, j int) bool {
		a, b := e.Positions[i], e.Positions[j]
		if a.File != b.File {
			return a.File < b.File
		}
		return positionLess(keptPosition{In: a.In, Text: a.Text}, keptPosition{In: b.In, Text: b.Text})
	})
	payload, err := kept.Wire().Append(nil, &e)
	if err != nil || lint.HasSentinelBytes(payload) {
		// A sentinel kept would be this run's number in the next.
		return
	}
	u.queue(key, payload)
}
