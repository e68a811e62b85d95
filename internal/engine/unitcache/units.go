package unitcache

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/internal/wire"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/helm"
	"github.com/faultline-dev/faultline/parsers/kustomize"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
)

// Units is the per-unit result cache of one run for the two other
// expensive units, beside the Terraform roots (the engine's keptRoots):
// when the whole run is not answered from the cache,
//
//   - a kustomization root whose build read the same files, listed the
//     same directories and probed the same paths as when a run kept it
//     is not built again: its output, diagnostics and notes are used,
//     and its positions are answered from those the kept run asked
//     (any other is answered by building it again). The build reads
//     through its own observed view of the tree, never from the run's
//     shared read cache, so a base several overlays include is in each
//     one's record; a chart it inflates is recorded whole (every file
//     and directory under the chart, and the values files);
//   - a chart rendering whose request (every chart file by content, the
//     values, the release's name and namespace, the Kubernetes and API
//     versions; a renderer reads nothing else) was rendered by a run
//     with the same build is not rendered again.
//
// Builds and renderings are written at the end of the run unless its
// budget left units out (Flush, from the engine's keepUnits): each is
// checked on its own, so a stage over the whole-run cache's bound or a
// file changed elsewhere does not hold them back. Chart loads and
// manifest parses, which rest on nothing but their own record or text,
// are written at once (charts.go, parse.go).
type Units struct {
	store *cache.Store
	// context is the digest of what a kustomization's output depends on
	// besides its inputs; build identifies the renderer.
	context [sha256.Size]byte
	// written is the digest of the files written at deploy time that
	// builds leave out (UseWritten).
	written [sha256.Size]byte
	build   string
	tree    *treefs.Tree
	// holes are the running load's (UseHoles): a
	// rendering request's holes are keyed by what they stand for
	// (renderKey).
	holes *lint.Holes
	// noWarm is set when an earlier run of the same tree was stored: its
	// renderings are most likely kept, so the chart renderer's workers
	// start at the first rendering that is not, instead of ahead of the
	// Terraform stage (Warm).
	noWarm bool
	// checker checks the kept chart loads' records; runReads, when the
	// run's result is cached whole, is its record of the files read
	// (charts.go).
	checker  *cache.Checker
	runReads *cache.Reads

	// parses and renders are the tree's packs of manifest parses and
	// of chart renderings (pack.go).
	parses, renders pack

	mu      sync.Mutex
	pending []keptPut
	// loadRecords are the records of the chart loads Lookup gave, by
	// key, for Refresh.
	loadRecords map[string]cache.InputRecord
	kusts       []*keptKust
	report      Report
	// buffers are the buffers entries written at once are encoded into
	// (*[]byte): the store keeps no payload.
	buffers sync.Pool
}

// Report counts what the per-unit cache did in a run.
type Report struct {
	// KustKept kustomizations were answered from the cache, KustBuilt
	// were built (KustRebuilt of the kept were built again for a
	// position the kept run did not ask).
	KustKept, KustBuilt, KustRebuilt int
	// ChartsKept renderings were answered from the cache, ChartsRendered
	// were rendered.
	ChartsKept, ChartsRendered int
	// LoadsKept chart loads were answered from the cache, LoadsMade
	// were made and offered to it; LoadsRefreshed of the kept were
	// written again with the values their templates read (a release
	// came to install the chart).
	LoadsKept, LoadsMade, LoadsRefreshed int
	// RenderedParsesKept renderings' templates were taken parsed from the
	// cache, rendering by rendering; RenderedParsesMade were parsed and
	// kept.
	RenderedParsesKept, RenderedParsesMade int
	// KustParsesKept kustomization outputs were taken parsed from the
	// cache, KustParsesMade were parsed and kept.
	KustParsesKept, KustParsesMade int
	// ParsesKept manifest files as written were answered from the cache,
	// ParsesMade were parsed; ParsePacks is 1 when the tree's parse pack
	// was written (pack.go).
	ParsesKept, ParsesMade, ParsePacks int
	// RenderPacks is 1 when the tree's pack of chart renderings was
	// written (pack.go).
	RenderPacks int
	// CompsKept Crossplane composition stages were answered from the
	// cache (0 or 1), CompsRendered were rendered (compositions.go).
	CompsKept, CompsRendered int
	// IgnoresKept files' ignores were taken from the last ignore scan,
	// IgnoresScanned files were scanned (ignores.go).
	IgnoresKept, IgnoresScanned int
	// FindsKept kustomize root searches were taken from the cache (0 or
	// 1), FindsMade were made (find.go).
	FindsKept, FindsMade int
	// Stored entries were written.
	Stored int
}

// String reads as "kustomizations: 2 kept, 1 built (roots: search kept
// 1, made 0); charts: 3 kept, 0 rendered …; compositions: 1 kept, 0
// rendered; …" (the roots' search is left out of a run without one).
func (u Report) String() string {
	s := fmt.Sprintf("kustomizations: %d kept, %d built", u.KustKept, u.KustBuilt)
	if u.KustParsesKept+u.KustParsesMade > 0 {
		s += fmt.Sprintf(" (parses: %d kept, %d made)", u.KustParsesKept, u.KustParsesMade)
	}
	if u.KustRebuilt > 0 {
		s += fmt.Sprintf(" (%d kept built again for positions)", u.KustRebuilt)
	}
	if u.FindsKept+u.FindsMade > 0 {
		s += fmt.Sprintf(" (roots: search kept %d, made %d)", u.FindsKept, u.FindsMade)
	}
	refreshed := ""
	if u.LoadsRefreshed > 0 {
		refreshed = fmt.Sprintf(", %d refreshed", u.LoadsRefreshed)
	}
	packed, renders := "", ""
	if u.ParsePacks > 0 {
		packed = ", pack written"
	}
	if u.RenderPacks > 0 {
		renders = ", pack written"
	}
	return s + fmt.Sprintf("; charts: %d kept, %d rendered%s (loads: %d kept%s, %d made; parses: %d kept, %d made); manifests: %d kept, %d parsed%s; compositions: %d kept, %d rendered; ignores: %d files kept, %d scanned; %d unit entries written", u.ChartsKept, u.ChartsRendered, renders, u.LoadsKept, refreshed, u.LoadsMade, u.RenderedParsesKept, u.RenderedParsesMade, u.ParsesKept, u.ParsesMade, packed, u.CompsKept, u.CompsRendered, u.IgnoresKept, u.IgnoresScanned, u.Stored)
}

// decodeWhole decodes an entry kept.Wire() wrote (a manifest parse, the
// compositions stage) into v: all of data, or an error.
func decodeWhole(data []byte, v any) error {
	rest, err := kept.Wire().Decode(data, v)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return errors.New("trailing data")
	}
	return nil
}

// unitCodec encodes the entries of units whose types hold no interface
// (root searches, ignore scans).
var unitCodec = wire.New()

// New is the per-unit cache over store for tree, in a context
// (the digest of what a unit's result depends on besides its inputs:
// the run's options and layout) and for a build of faultline.
func New(store *cache.Store, build string, tree *treefs.Tree, context [sha256.Size]byte) *Units {
	return &Units{store: store, context: context, build: build, tree: tree, checker: cache.NewChecker(tree),
		parses: pack{kind: parsePackKind}, renders: pack{kind: renderPackKind, keepUnused: true}}
}

// SkipWarm says an earlier run of the same tree was stored: its
// renderings are most likely kept, so the renderer's workers are not
// started ahead (noWarm). Nothing is done on a nil receiver.
func (u *Units) SkipWarm() {
	if u != nil {
		u.noWarm = true
	}
}

// JoinRecord makes reads, the record of files read by a run whose result
// is cached whole, the record kept units' inputs join (runReads). Nothing
// is done on a nil receiver.
func (u *Units) JoinRecord(reads *cache.Reads) {
	if u != nil {
		u.runReads = reads
	}
}

// KeyHoles is the holes rendering requests are keyed by now: the running
// load's, nil between loads (UseHoles).
func (u *Units) KeyHoles() *lint.Holes { return u.holes }

// UseHoles makes holes, the running load's, those rendering requests are
// keyed by. Nothing is done on a nil receiver.
func (u *Units) UseHoles(holes *lint.Holes) {
	if u != nil {
		u.holes = holes
	}
}

// kustEntry is what the store holds of one kustomization root.
type kustEntry struct {
	Inputs  cache.InputRecord
	Root    string
	Content []byte
	Diags   []lint.Diagnostic
	Notes   []lint.Note
	// Positions are the answers of the build's position map the run
	// asked for.
	Positions []keptPosition
	// Charts are the charts the build inflated (helmCharts): the chart
	// stage does not render them on their own.
	Charts []string
	// RootOnly is the build's kustomize.Rendered.RootOnly.
	RootOnly *lint.Diagnostic
	// Remote is the build's kustomize.Rendered.Remote.
	Remote []kustomize.RemoteChart
}

// keptPosition is one question the run asked of a kustomization's
// position map, with its answer.
type keptPosition struct {
	In   lint.Range
	Text string
	Out  lint.Range
}

// positionQuery is a question asked of a position map.
type positionQuery struct {
	r    lint.Range
	text string
}

// keptKust is a kustomization root of this run kept or to be kept: its
// entry and the positions asked so far (a kept entry's positions are
// moved into asked when one is first asked: answersLocked).
type keptKust struct {
	key   cache.Key
	entry kustEntry
	mu    sync.Mutex
	asked map[positionQuery]lint.Range
	// grown says an answer was added since the entry was read; a kept
	// root whose inputs were refreshed is written again too.
	grown bool
	// remake builds the root again, for a position not asked before.
	remake  func() func(lint.Range, string) lint.Range
	once    sync.Once
	rebuilt func(lint.Range, string) lint.Range
	onMiss  func()
}

// kustKey is the store key of the kustomization root in dir.
func (u *Units) kustKey(dir string) cache.Key {
	return cache.KeyOf([]byte("kustomization"), u.context[:], u.written[:], []byte(dir))
}

// UseWritten makes the files written at deploy time (by absolute path:
// what writes each), which kustomize.Options.Written gives every build,
// part of every kustomization's key: a build that names one of them is
// kept only with the same files written. Call it before the first
// kustomization is looked up or kept.
func (u *Units) UseWritten(written map[string]string) {
	if u == nil || len(written) == 0 {
		return
	}
	h := sha256.New()
	for _, p := range slices.Sorted(maps.Keys(written)) {
		fmt.Fprintf(h, "%q %q\n", p, written[p])
	}
	h.Sum(u.written[:0])
}

// KustBuild is a kustomization root's build: its output, diagnostics and
// notes, and the charts it inflated.
type KustBuild struct {
	Out    kustomize.Rendered
	Diags  []lint.Diagnostic
	Notes  []lint.Note
	Charts []string
}

// LookupKustomization is the kept build of the root in dir when its
// inputs are unchanged, and the digest of those inputs (recordDigest); an
// entry that does not decode is a miss. remake builds the root again and
// gives its position map, for a position the kept run did not ask.
func (u *Units) LookupKustomization(dir string, remake func() func(lint.Range, string) lint.Range) (b KustBuild, mapKey string, ok bool) {
	key := u.kustKey(dir)
	payload, ok := u.store.Get(key)
	if !ok {
		return KustBuild{}, "", false
	}
	e, err := decodeKust(payload)
	if err != nil {
		u.store.Remove(key)
		return KustBuild{}, "", false
	}
	same, refreshed := e.Inputs.Check(u.tree)
	if !same {
		return KustBuild{}, "", false
	}
	k := &keptKust{key: key, entry: *e, remake: remake, grown: refreshed != nil}
	if refreshed != nil {
		k.entry.Inputs = *refreshed
	}
	// The build's inputs are the run's though it reads none of them: a
	// generator's files, a JSON patch, an .env file no other part of the
	// run reads would otherwise be missing from the whole run's record,
	// and a same-size edit of one would be answered by a stale run.
	if u.runReads != nil {
		u.runReads.AddKept(k.entry.Inputs.Files)
	}
	k.onMiss = func() {
		u.mu.Lock()
		u.report.KustRebuilt++
		u.mu.Unlock()
	}
	u.mu.Lock()
	u.report.KustKept++
	u.kusts = append(u.kusts, k)
	u.mu.Unlock()
	b = KustBuild{Out: kustomize.Rendered{Root: e.Root, Content: e.Content, Map: k.keptMap, RootOnly: e.RootOnly, Remote: e.Remote}, Diags: e.Diags, Notes: e.Notes, Charts: e.Charts}
	return b, recordDigest(k.entry.Inputs), true
}

// keptMap answers a position the kept run asked from the entry, and any
// other by building the root again (once).
func (k *keptKust) keptMap(r lint.Range, text string) lint.Range {
	q := positionQuery{r, text}
	k.mu.Lock()
	out, ok := k.answersLocked()[q]
	k.mu.Unlock()
	if ok {
		return out
	}
	k.once.Do(func() {
		k.rebuilt = k.remake()
		k.onMiss()
	})
	out = k.rebuilt(r, text)
	k.mu.Lock()
	k.answersLocked()[q], k.grown = out, true
	k.mu.Unlock()
	return out
}

// KeepKustomization queues the build of the root in dir, just made, to
// be stored if the run proves stable, and returns its position map,
// which records what the run asks of it, and the digest of its inputs
// (recordDigest). A build whose inputs were not all observed (keep
// false) or that saw the tree change is not kept (and has no digest).
func (u *Units) KeepKustomization(dir string, b KustBuild, inputs *cache.Inputs, keep bool) (func(lint.Range, string) lint.Range, string) {
	u.mu.Lock()
	u.report.KustBuilt++
	u.mu.Unlock()
	if !keep || inputs.Unstable() != "" {
		return b.Out.Map, ""
	}
	e := kustEntry{Inputs: inputs.Record(), Root: b.Out.Root, Content: bytes.Clone(b.Out.Content),
		Diags: append([]lint.Diagnostic(nil), b.Diags...), Notes: append([]lint.Note(nil), b.Notes...), Charts: b.Charts, RootOnly: b.Out.RootOnly, Remote: b.Out.Remote}
	inner := b.Out.Map
	k := &keptKust{key: u.kustKey(dir), entry: e, asked: map[positionQuery]lint.Range{}, grown: true}
	u.mu.Lock()
	u.kusts = append(u.kusts, k)
	u.mu.Unlock()
	return func(r lint.Range, text string) lint.Range {
		out := inner(r, text)
		k.mu.Lock()
		k.asked[positionQuery{r, text}] = out
		k.mu.Unlock()
		return out
	}, recordDigest(e.Inputs)
}

// maxChartInput bounds a file recorded as a chart's input (the chart
// loader refuses larger ones).
const maxChartInput = 64 << 20

// RecordChart records, through tree (a view observed for one
// kustomization's build), what inflating chart c rests on: the chart
// directory's every file and directory, beyond what the chart loader
// reads (it reads the chart with a reader of its own), and the values
// files. false when some of it cannot be read through the view: the
// build is then not kept.
func RecordChart(tree *treefs.Tree, c kustomize.HelmChart) bool {
	for _, vf := range append([]string{c.ValuesFile}, c.AdditionalValuesFiles...) {
		if vf == "" {
			continue
		}
		if _, err := tree.ReadFile(vf, maxChartInput); err != nil {
			tree.Stat(vf)
		}
	}
	dir := kustomize.ChartDir(tree, c) // through tree: where it looked is recorded
	info, err := tree.Stat(dir)
	switch {
	case err != nil:
		return errors.Is(err, fs.ErrNotExist)
	case info.IsDir():
		return recordDir(tree, dir, 0)
	}
	_, err = tree.ReadFile(dir, maxChartInput)
	return err == nil
}

// recordDir reads dir and everything below it through tree; false when
// something cannot be read (or lies too deep).
func recordDir(tree *treefs.Tree, dir string, depth int) bool {
	if depth > 64 {
		return false
	}
	ents, err := tree.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range ents {
		p := filepath.Join(dir, e.Name())
		if e.IsDir() {
			if !recordDir(tree, p, depth+1) {
				return false
			}
			continue
		}
		if _, err := tree.ReadFile(p, maxChartInput); err != nil {
			return false
		}
	}
	return true
}

// payload encodes the entry with the positions asked so far; nil when
// there is nothing new to write.
func (k *keptKust) payload() []byte {
	k.mu.Lock()
	defer k.mu.Unlock()
	if !k.grown {
		return nil
	}
	asked := k.answersLocked()
	e := k.entry
	e.Positions = make([]keptPosition, 0, len(asked))
	for q, out := range asked {
		e.Positions = append(e.Positions, keptPosition{In: q.r, Text: q.text, Out: out})
	}
	sort.Slice(e.Positions, func(i, j int) bool { return positionLess(e.Positions[i], e.Positions[j]) })
	p, err := encodeKust(&e)
	if err != nil {
		return nil
	}
	return p
}

// answersLocked is asked, made from the entry's kept positions the first
// time a position is asked (a kustomization whose output's parse is kept
// is asked none). k.mu is held.
func (k *keptKust) answersLocked() map[positionQuery]lint.Range {
	if k.asked == nil {
		k.asked = make(map[positionQuery]lint.Range, len(k.entry.Positions))
		for _, p := range k.entry.Positions {
			k.asked[positionQuery{p.In, p.Text}] = p.Out
		}
		k.entry.Positions = nil
	}
	return k.asked
}

// positionLess orders kept positions by the range asked, then the text.
func positionLess(a, b keptPosition) bool {
	x, y := a.In, b.In
	switch {
	case x.File != y.File:
		return x.File < y.File
	case x.Line != y.Line:
		return x.Line < y.Line
	case x.Column != y.Column:
		return x.Column < y.Column
	case x.EndLine != y.EndLine:
		return x.EndLine < y.EndLine
	case x.EndColumn != y.EndColumn:
		return x.EndColumn < y.EndColumn
	}
	return a.Text < b.Text
}

// encodeKust and decodeKust turn a kustEntry into bytes and back, with
// the codec of kept roots (kept.Wire): nil and empty lists stay apart,
// and no type description is written or compiled per entry, as gob's is.
func encodeKust(e *kustEntry) ([]byte, error) {
	b, err := kept.Wire().Append(nil, e)
	if err != nil {
		return nil, fmt.Errorf("kustomization cache entry: %w", err)
	}
	return b, nil
}

func decodeKust(payload []byte) (*kustEntry, error) {
	var e kustEntry
	rest, err := kept.Wire().Decode(payload, &e)
	if err == nil && len(rest) > 0 {
		err = errors.New("trailing data")
	}
	if err != nil {
		return nil, fmt.Errorf("kustomization cache entry: %w", err)
	}
	return &e, nil
}

// renderEntry is what the store holds of one chart rendering: its result
// or the problem with the chart, as the renderer's protocol carries them
// (JSON, so a kept result is what a worker's reply decodes to).
type renderEntry struct {
	Result *helm.Result      `json:"result,omitempty"`
	Err    *helm.RenderError `json:"err,omitempty"`
	// Notes are a failed rendering's (what Helm logged before the
	// failure, the dependencies that are not vendored).
	Notes []string `json:"notes,omitempty"`
	// Sentinels are the request's holes as the run that rendered it
	// numbered them, in order: a run keeping the rendering renumbers
	// them into its own (renderKey).
	Sentinels []string `json:"sentinels,omitempty"`
}

// renderID is the store key of a rendering request — the build and the
// request as the renderer receives it (JSON, map keys sorted), each hole
// in it written out as what it stands for (a fresh one by its order), so
// a request with values from Terraform outputs has the same key in every
// run — and the request's sentinels in order.
type renderID struct {
	key       cache.Key
	sentinels []string
}

// renderKey is req's renderID. A request whose files are identified by
// their digest (Request.FilesDigest) is keyed by it in place of their
// content.
func (u *Units) renderKey(req helm.Request) (renderID, bool) {
	files := ""
	if req.FilesDigest != "" {
		files = req.FilesDigest
		req.Files = nil
	}
	data, err := json.Marshal(req)
	if err != nil {
		return renderID{}, false
	}
	var sentinels []string
	fresh := map[string]int{}
	text := lint.MapSentinels(string(data), func(st string) string {
		sentinels = append(sentinels, st)
		if u.holes == nil {
			return st
		}
		one := map[string]lint.PortableHole{}
		u.holes.Export(st, one)
		if p, ok := one[st]; !ok || p.Fresh {
			if _, seen := fresh[st]; !seen {
				fresh[st] = len(fresh)
			}
			return fmt.Sprintf("\uE002fresh%d\uE003", fresh[st])
		}
		return u.holes.Portable(st)
	})
	return renderID{key: cache.KeyOf([]byte("chart-render"), []byte(u.build), []byte(text), []byte(files)), sentinels: sentinels}, true
}

// lookupRender is the kept rendering of key, its holes renumbered into
// the run's; an entry that does not decode, or whose holes do not match
// the request's one for one, is a miss.
func (u *Units) lookupRender(k renderID) (helm.Result, error, bool) {
	key := k.key
	payload, ok := u.renders.payload(u, key)
	if !ok {
		return helm.Result{}, nil, false
	}
	head, contents, ok := splitRender(payload)
	var e renderEntry
	if !ok || json.Unmarshal(head, &e) != nil || (e.Result == nil) == (e.Err == nil) || !e.takeContents(contents) {
		u.store.Remove(key)
		return helm.Result{}, nil, false
	}
	if len(e.Sentinels) > 0 {
		renumber, ok := sentinelMap(e.Sentinels, k.sentinels)
		if !ok {
			return helm.Result{}, nil, false
		}
		e = renderEntry{}
		if json.Unmarshal([]byte(lint.Renumber(string(head), renumber)), &e) != nil || (e.Result == nil) == (e.Err == nil) {
			return helm.Result{}, nil, false
		}
		for i := range contents {
			contents[i] = lint.Renumber(contents[i], renumber)
		}
		if !e.takeContents(contents) {
			return helm.Result{}, nil, false
		}
	}
	u.mu.Lock()
	u.report.ChartsKept++
	u.mu.Unlock()
	if e.Err != nil {
		return helm.Result{Notes: e.Notes}, e.Err, true
	}
	return *e.Result, nil, true
}

// A kept rendering is stored as its entry in JSON with every manifest's
// content left out, then the contents, each a uvarint length and the
// bytes: JSON-decoding megabytes of rendered YAML (CustomResourceDefinitions)
// cost a chart repository's one-file run more than the rest of reading
// its kept renderings. Holes are renumbered in the JSON text and in each
// content.

// joinRender is e's stored form; e's manifests' contents are emptied.
func joinRender(e renderEntry) ([]byte, error) {
	var contents []string
	if e.Result != nil {
		res := *e.Result
		res.Manifests = append([]helm.Manifest(nil), res.Manifests...)
		for i := range res.Manifests {
			contents = append(contents, res.Manifests[i].Content)
			res.Manifests[i].Content = ""
		}
		e.Result = &res
	}
	head, err := json.Marshal(e)
	if err != nil {
		return nil, err
	}
	out := binary.AppendUvarint(nil, uint64(len(head)))
	out = append(out, head...)
	out = binary.AppendUvarint(out, uint64(len(contents)))
	for _, c := range contents {
		out = binary.AppendUvarint(out, uint64(len(c)))
		out = append(out, c...)
	}
	return out, nil
}

// splitRender reads what joinRender wrote: the JSON and the contents.
func splitRender(data []byte) (head []byte, contents []string, ok bool) {
	next := func() ([]byte, bool) {
		n, w := binary.Uvarint(data)
		if w <= 0 || n > uint64(len(data)-w) {
			return nil, false
		}
		b := data[w : w+int(n)]
		data = data[w+int(n):]
		return b, true
	}
	if head, ok = next(); !ok {
		return nil, nil, false
	}
	n, w := binary.Uvarint(data)
	if w <= 0 || n > uint64(len(data)) {
		return nil, nil, false
	}
	data = data[w:]
	contents = make([]string, 0, n)
	for range n {
		c, ok := next()
		if !ok {
			return nil, nil, false
		}
		contents = append(contents, string(c))
	}
	return head, contents, len(data) == 0
}

// takeContents puts contents back into e's manifests, in order; false
// when their numbers differ.
func (e *renderEntry) takeContents(contents []string) bool {
	if e.Result == nil {
		return len(contents) == 0
	}
	if len(contents) != len(e.Result.Manifests) {
		return false
	}
	for i := range contents {
		e.Result.Manifests[i].Content = contents[i]
	}
	return true
}

// keepRender queues a rendering just made: a result, or a problem with
// the chart (never a renderer stopped or a budget spent: those depend on
// the machine).
func (u *Units) keepRender(k renderID, res helm.Result, err error) {
	key := k.key
	u.mu.Lock()
	u.report.ChartsRendered++
	u.mu.Unlock()
	e := renderEntry{Sentinels: k.sentinels}
	switch re, ok := err.(*helm.RenderError); {
	case err == nil:
		e.Result = &res
	case ok:
		e.Err, e.Notes = re, res.Notes
	default:
		return
	}
	p, merr := joinRender(e)
	if merr != nil {
		return
	}
	if !u.renders.hold(key, p) {
		u.queue(key, p)
	}
}

// sentinelMap maps the sentinels a kept request held to those of the
// request now, position by position; false when they do not correspond
// one for one (one sentinel standing for two, or counts that differ).
func sentinelMap(kept, now []string) (map[string]string, bool) {
	if len(kept) != len(now) {
		return nil, false
	}
	m := make(map[string]string, len(kept))
	back := make(map[string]string, len(kept))
	for i, old := range kept {
		if len(old) != len(now[i]) {
			return nil, false
		}
		if n, ok := m[old]; ok && n != now[i] {
			return nil, false
		}
		if o, ok := back[now[i]]; ok && o != old {
			return nil, false
		}
		m[old], back[now[i]] = now[i], old
	}
	return m, true
}

// Renderer is r answering from the cache the renderings it keeps; it is
// Metered when r is.
func (u *Units) Renderer(r helm.Renderer) helm.Renderer {
	if u == nil || r == nil {
		return r
	}
	kr := keptRenderer{u: u, r: r}
	if m, ok := r.(helm.Metered); ok {
		return keptMetered{keptRenderer: kr, m: m}
	}
	return kr
}

// keptRenderer is a Renderer behind the per-unit cache.
type keptRenderer struct {
	u *Units
	r helm.Renderer
}

// Render implements helm.Renderer.
func (kr keptRenderer) Render(ctx context.Context, req helm.Request) (helm.Result, error) {
	key, ok := kr.u.renderKey(req)
	if ok {
		if res, err, hit := kr.u.lookupRender(key); hit {
			return res, err
		}
	}
	// A kept chart load reads the files it did not keep only now.
	req, err := req.Complete()
	if err != nil {
		return helm.Result{}, err
	}
	res, err := kr.r.Render(ctx, req)
	if ok {
		kr.u.keepRender(key, res, err)
	}
	return res, err
}

// Ready implements helm.Readier: the renderer's own answer.
func (kr keptRenderer) Ready() error {
	if c, ok := kr.r.(helm.Readier); ok {
		return c.Ready()
	}
	return nil
}

// Warm implements helm.Warmer: the renderer's own, unless an earlier run of
// the tree was stored (Units.noWarm).
func (kr keptRenderer) Warm(charts int) {
	if kr.u.noWarm {
		return
	}
	if w, ok := kr.r.(helm.Warmer); ok {
		w.Warm(charts)
	}
}

// keptMetered is a Metered renderer behind the per-unit cache: a kept
// rendering costs nothing.
type keptMetered struct {
	keptRenderer
	m helm.Metered
}

// RenderMetered implements helm.Metered.
func (km keptMetered) RenderMetered(ctx context.Context, req helm.Request, limit time.Duration) (helm.Result, time.Duration, error) {
	key, ok := km.u.renderKey(req)
	if ok {
		if res, err, hit := km.u.lookupRender(key); hit {
			return res, 0, err
		}
	}
	req, err := req.Complete()
	if err != nil {
		return helm.Result{}, 0, err
	}
	res, cpu, err := km.m.RenderMetered(ctx, req, limit)
	if ok {
		km.u.keepRender(key, res, err)
	}
	return res, cpu, err
}

// MostCPU implements helm.Metered.
func (km keptMetered) MostCPU() time.Duration { return km.m.MostCPU() }

// Flush stores the entries of the run (keepUnits).
func (u *Units) Flush() {
	if u == nil {
		return
	}
	u.mu.Lock()
	puts, kusts := u.pending, u.kusts
	u.pending, u.kusts = nil, nil
	u.mu.Unlock()
	for _, k := range kusts {
		if p := k.payload(); p != nil {
			puts = append(puts, keptPut{key: k.key, payload: p})
		}
	}
	// The renderings made are written with the run's other results: in
	// the tree's pack, or on their own (pack.go).
	if u.renders.end(u).write(u, u.renders.kind, func(k cache.Key, v []byte) { puts = append(puts, keptPut{key: k, payload: v}) }) {
		u.mu.Lock()
		u.report.RenderPacks++
		u.mu.Unlock()
	}
	stored := 0
	for _, p := range puts {
		if p.store(u.store) == nil {
			stored++
		}
	}
	u.mu.Lock()
	u.report.Stored += stored
	u.mu.Unlock()
}

// putNow stores an entry at once, counting it: one that rests on
// nothing but its own key or record, never on the run's budget.
func (u *Units) putNow(key cache.Key, payload []byte) {
	if u.store.Put(key, payload) == nil {
		u.mu.Lock()
		u.report.Stored++
		u.mu.Unlock()
	}
}

// Discard drops the entries of a run that may not store them (its budget
// left units out, or it failed): those staged on the disk are removed.
// Nothing is done on a nil receiver.
func (u *Units) Discard() {
	if u == nil {
		return
	}
	u.mu.Lock()
	puts := u.pending
	u.pending, u.kusts = nil, nil
	u.mu.Unlock()
	u.renders.drop()
	for _, p := range puts {
		if p.staged != nil {
			p.staged.Discard()
		}
	}
}

// Done is what the cache did in the run.
func (u *Units) Done() Report {
	if u == nil {
		return Report{}
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.report
}

// keptPut is an entry waiting for the run to prove it may be stored:
// staged on the disk (a rendering, a parse, a composition stage: written
// when made, so a large run does not hold them in memory), encoded when
// stored (stream: the ignore scan, whose parts the run holds anyway), or
// its payload (a kustomization, built at the end).
type keptPut struct {
	key     cache.Key
	payload []byte
	staged  *cache.Staged
	stream  func(io.Writer) error
}

// store stores the entry.
func (p keptPut) store(s *cache.Store) error {
	switch {
	case p.staged != nil:
		return p.staged.Commit()
	case p.stream != nil:
		return s.PutStream(p.key, p.stream)
	}
	return s.Put(p.key, p.payload)
}
