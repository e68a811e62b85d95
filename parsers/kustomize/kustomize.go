// Package kustomize renders Kustomize overlays in-process with
// sigs.k8s.io/kustomize/api (krusty) so their output can be read by
// parsers/kube, and maps rendered positions back to the files a user edits.
//
// krusty never touches the network, runs a program or reads the disk here:
// it runs on an in-memory filesystem holding copies of the files the
// kustomization tree names, read through a treefs.Tree (never leaving the
// scanned tree), with the default root-only load restrictions and builtin
// plugins only. Before the copies are made, remote entries (git
// repositories, URLs), entries outside the tree and external plugins (KRM
// functions, exec and Go plugins listed as generators, transformers or
// validators) are removed from every kustomization (each removal is a
// coverage note, and the rest still renders with its findings), and
// helmCharts are taken out and rendered through faultline's own Helm path; their output is added
// to the kustomization as a resource file, so patches apply to it. What
// krusty may do is bounded: cycles, nesting, builds of bases reached by
// many paths, YAML alias expansion and bytes.
package kustomize

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"github.com/faultline-dev/faultline/internal/lockedfile"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"go.yaml.in/yaml/v3"
	"sigs.k8s.io/kustomize/api/resmap"
	"sigs.k8s.io/kustomize/api/resource"
	"sigs.k8s.io/kustomize/api/types"
	"sigs.k8s.io/kustomize/kyaml/filesys"

	"github.com/faultline-dev/faultline/internal/templatetext"
	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/internal/yamlpos"
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
	// ScanRoot is the directory relative roots and ranges start from. Without
	// a Tree, files may not leave it (symlinks are resolved before the
	// check); empty: no restriction.
	ScanRoot string
	// Tree confines every read (the engine's tree: the repository, or the
	// scan roots widened to the bases kustomizations name). nil: a tree of
	// ScanRoot alone that never widens.
	Tree *treefs.Tree
	// Rel reports an absolute path the way ranges do; nil: relative to
	// ScanRoot, with forward slashes.
	Rel func(abs string) string
	// Helm renders helmCharts entries; nil: they are skipped with a note.
	Helm HelmRenderer
	// MaxBytes bounds the files copied and the rendered output
	// (default DefaultMaxBytes).
	MaxBytes int64
	// Cache is shared by the renders of one run (NewCache), so that bases
	// several overlays include are read and parsed once; nil: each render
	// reads for itself. Use one cache with one Tree.
	Cache *Cache
	// Inputs, when set, is told every read of the tree this render makes
	// (the tree is read through a view it observes, and Cache answers no
	// read or stat, only parses): its record then holds everything the
	// render rests on, a shared base included even when another render
	// read it first. Needs Tree.
	Inputs treefs.Observer
	// Written are files the tree lacks that something writes at deploy
	// time before the build runs (a Terraform local_file), by absolute
	// path: what writes each one. An entry naming one is left out with a
	// note instead of failing the build.
	Written map[string]string
	// Patches are applied after the root kustomization's own, as Flux's
	// kustomize-controller appends a Flux Kustomization's spec.patches to
	// the kustomization file of the directory it builds.
	Patches []Patch
}

// Patch is a patch a build applies besides those its kustomizations name
// (Options.Patches): an entry of kustomize's patches field, written in
// another file.
type Patch struct {
	// Text is the patch (strategic merge or JSON 6902); Target its target
	// as written (nil: none, a strategic merge patch names its object).
	Text   string
	Target *yaml.Node
	// At is where the patch is written, as ranges report it. Traced is set
	// when Text is a literal block as that file holds it: a position at
	// line l, column c of Text is the file's line l+Line, column c+Column.
	At           lint.Range
	Traced       bool
	Line, Column int
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
	// Docs are the documents of Content as the mapper parsed them, when
	// Content parsed whole (else nil), for kube.Options.Parsed: the
	// output is then parsed once. Shared with Map: only read them.
	Docs []*yaml.Node
	// RootOnly is set when the kustomization builds only without
	// kustomize's root-only load restriction (it reads a file outside its
	// directory): it is the FL000 `kustomize build` (and Argo CD, by
	// default) reports, and Content is the build Flux's
	// kustomize-controller makes, which loads files from anywhere. The
	// caller reports it unless Flux builds the directory, and then
	// reads nothing of Content.
	RootOnly *lint.Diagnostic
	// Remote are the helmCharts entries of a chart repository the build
	// met and could not inflate offline (Options.Helm found no copy in
	// the tree), in the namespace the build gives their objects: the
	// caller models them from their values, as a release of a chart not
	// in the tree.
	Remote []RemoteChart
}

// Render renders the kustomization in root (absolute, or relative to
// Options.ScanRoot). It returns what rendered, input diagnostics (FL000:
// a kustomization that cannot be read or built, cycles, entries past a
// bound) and coverage notes (remote resources, external plugins, charts
// and files outside the tree that were not read or run). An entry that is
// refused is left out and the rest still renders when krusty can build it;
// when the build fails, Content is empty.
func Render(root string, opts Options) (Rendered, []lint.Diagnostic, []lint.Note) {
	opts.Helm = memoHelm(opts.Helm)
	if out, diags, notes, ok := renderOnce(root, opts, true); ok {
		return out, diags, notes
	}
	out, diags, notes, _ := renderOnce(root, opts, false)
	return out, diags, notes
}

// renderOnce is one attempt at Render: marked (see marker), or with origin
// annotations. A marked attempt that cannot be marked, or whose build or
// output fails, is not final (ok is false): the build runs again with
// origin annotations.
func renderOnce(root string, opts Options, marked bool) (out Rendered, diags []lint.Diagnostic, notes []lint.Note, ok bool) {
	b := newBuilder(opts)
	b.marks.on = marked
	rootAbs := b.abs(root)
	b.rootDir = rootAbs
	out = Rendered{Root: b.rel(rootAbs)}
	b.fallback = lint.Range{File: out.Root, Line: 1, Column: 1, EndLine: 1, EndColumn: 1}
	if f, _ := b.src.kustFile(rootAbs); f != "" {
		b.fallback.File = b.rel(f)
	}
	out.Map = func(lint.Range, string) lint.Range { return b.fallback }
	// What is reported before the build does not depend on marks.
	if !b.src.contains(rootAbs) {
		b.diag(b.fallback, "Cannot render Kustomize overlay", fmt.Sprintf("%s is outside the scanned directory", out.Root))
		return out, b.diags, b.notes, true
	}
	k := b.loadDir(rootAbs)
	b.finishBudget()
	if k == nil && len(b.diags) == 0 && len(b.notes) == 0 {
		b.diag(b.fallback, "Cannot render Kustomize overlay", fmt.Sprintf("no kustomization file in %s", out.Root))
	}
	if k == nil || b.fatal {
		return out, b.diags, b.notes, true
	}
	final := !marked
	if b.marks.failed {
		return out, b.diags, b.notes, final
	}
	rm, err := run(b.fs, b.mem(rootAbs), b.setsSchema(), b.mayWarn())
	if err != nil {
		// A build that fails only for a file outside the directory is
		// one Flux makes: kept, with the failure for the caller (also
		// when faultline left entries out: a SOPS-encrypted Secret).
		if d, _ := b.failure(err); b.namesFileOutside() {
			unrestricted, uerr := runUnrestricted(b.fs, b.mem(rootAbs), b.setsSchema(), b.mayWarn())
			if uerr == nil {
				out.RootOnly, rm, err = &d, unrestricted, nil
			} else if _, isNote := b.failure(uerr); isNote {
				// Without the restriction (Flux) it fails for want of
				// what faultline left out, a note. With it, kustomize
				// refuses the file outside whenever it reaches it, so
				// the build fails whatever else: FL000, at that entry
				// (the error met first may come of what was left out).
				if !b.outsideFileAt(d.Range) {
					d = b.outsideFileRefused()
				}
				if !d.Range.IsZero() {
					out.RootOnly, err = &d, uerr
				}
			}
		}
		if err != nil {
			b.buildFailed(out.Root, err)
			return out, b.diags, b.notes, final
		}
	}
	content, docs, objs, err := b.output(rm, b.mem(rootAbs))
	if err != nil {
		b.diag(b.fallback, "Cannot render Kustomize overlay", err.Error())
		return out, b.diags, b.notes, final
	}
	out.Content, out.Remote = content, b.remoteOut
	nodes, whole := b.opts.Cache.outputDocs(content, objs)
	out.Map = newMapper(b, content, docs, nodes).Map
	if whole {
		out.Docs = nodes
	}
	return out, b.diags, b.notes, true
}

// abs is root as an absolute, cleaned path.
func (b *builder) abs(root string) string {
	if !filepath.IsAbs(root) {
		base := b.scanRoot
		if b.opts.ScanRoot == "" {
			base, _ = os.Getwd()
		}
		root = filepath.Join(base, root)
	}
	return filepath.Clean(root)
}

// failure is a krusty error: FL000 at the entry it names, or (isNote) a
// note when faultline left entries out (patches and references into what
// was not read fail the build: that is missing coverage, and the reason
// for leaving them out was reported already). What is broken whatever was
// left out is FL000 all the same, never a note standing in for the
// overlay's findings: a listed file that does not parse as YAML, and an
// external plugin krusty refused (faultline leaves those out itself, so
// one that still reaches krusty is not a consequence of a removal).
func (b *builder) failure(err error) (d lint.Diagnostic, isNote bool) {
	r, msg := b.errorRange(err.Error()), b.cleanMessage(err.Error())
	if at, ok := b.refusedAt(err); ok {
		r = at
	} else if at, ok := b.generatorAt(err.Error()); ok {
		r = at
	}
	isNote = b.removed > 0 && b.unparsable == 0 && !types.IsErrOnlyBuiltinPluginsAllowed(err)
	return lint.Diagnostic{Range: r, Summary: "Cannot render Kustomize overlay", Detail: msg}, isNote
}

// refusedAt is where a kustomization krusty could not decode is wrong:
// the one of the tree kustomize's own decoder refuses with the error the
// build ended with, at the key or value it refuses (its first line when
// that is not found).
func (b *builder) refusedAt(err error) (lint.Range, bool) {
	for _, k := range b.order {
		if k.top == nil || k.data == nil {
			continue
		}
		var kt types.Kustomization
		derr := kt.Unmarshal(k.data)
		if derr == nil || !strings.HasSuffix(err.Error(), derr.Error()) {
			continue
		}
		return b.at(k, refusedNode(k.top, kustomizationType, 0)), true
	}
	return lint.Range{}, false
}

// namesFileOutside reports whether a kustomization of the tree names a
// file (not a directory: a base) outside its own directory, which
// kustomize's root-only load restriction refuses: only then may a build
// that failed build without it (renderOnce).
func (b *builder) namesFileOutside() bool {
	for _, rl := range b.refs {
		dir := b.mem(rl.k.dir)
		if !strings.HasPrefix(rl.mem, dir+"/") && !b.fs.IsDir(rl.mem) {
			return true
		}
	}
	return false
}

// outsideFileRefused is kustomize's refusal of the first file of the
// tree a kustomization of the build names outside its own directory,
// placed at that entry; zero when there is none (an entry missing from
// the tree — a directory the tree does not hold — is no such file).
func (b *builder) outsideFileRefused() lint.Diagnostic {
	for _, rl := range b.refs {
		dir := b.mem(rl.k.dir)
		if !strings.HasPrefix(rl.mem, dir+"/") && b.fs.Exists(rl.mem) && !b.fs.IsDir(rl.mem) {
			return lint.Diagnostic{Range: b.at(rl.k, rl.r.node), Summary: "Cannot render Kustomize overlay",
				Detail: fmt.Sprintf("%s entry %q names a file outside the kustomization's directory %s: kustomize's default load restriction (root only, Argo CD's too) refuses it", rl.r.field, rl.r.value, b.rel(rl.k.dir))}
		}
	}
	return lint.Diagnostic{}
}

// outsideFileAt reports whether at is where a kustomization names a
// file of the tree outside its own directory: the entry a build's error
// is placed at.
func (b *builder) outsideFileAt(at lint.Range) bool {
	for _, rl := range b.refs {
		dir := b.mem(rl.k.dir)
		if !strings.HasPrefix(rl.mem, dir+"/") && b.fs.Exists(rl.mem) && !b.fs.IsDir(rl.mem) && b.at(rl.k, rl.r.node) == at {
			return true
		}
	}
	return false
}

// buildFailed reports the krusty error of the build of root: its failure,
// as a note or FL000.
func (b *builder) buildFailed(root string, err error) {
	b.remoteNotes()
	d, isNote := b.failure(err)
	if isNote {
		b.note(d.Range, fmt.Sprintf("kustomization %s not rendered without the entries faultline left out (remote, outside the tree, charts, or refused): %s", root, d.Detail))
		return
	}
	if !b.templated.IsZero() {
		// A tag an installer fills in (sed over {{caBundle}}) is YAML of
		// its own before: the build fails on the template, not the tree.
		b.note(b.templated, fmt.Sprintf("kustomization %s not rendered: %s is a template whose placeholder at line %d makes YAML of its own until it is filled in before the build: %s", root, b.templated.File, b.templated.Line, d.Detail))
		return
	}
	b.diags = append(b.diags, d)
}

// builder copies a kustomization tree into memory.
type builder struct {
	opts     Options
	src      source
	scanRoot string // absolute; "/" when unrestricted
	fs       filesys.FileSystem
	maxBytes int64

	kusts   map[string]*kustomization // by absolute directory
	order   []*kustomization          // in the order they were reached
	stack   []*kustomization          // the chain being loaded
	files   map[string]string         // memory path → absolute path on disk
	orig    map[string][]byte         // memory path → content as read
	refused map[string]bool           // memory paths refused (reported once)
	refs    []refLoc                  // every local path named, for error positions
	patches []*patchSrc               // in the order kustomize applies them
	helm    map[string]lint.Range
	helmSeq map[*kustomization]int
	// rootDir is the built root's directory, absolute; remote are the
	// remote charts whose stand-ins the build carries, by number, and
	// remoteOut those the output held (Rendered.Remote).
	rootDir   string
	remote    []RemoteChart
	remoteAt  []remoteEntry
	remoteOut []RemoteChart
	count     int
	bytes     int64
	aliases   int64 // nodes alias expansion adds across the tree
	removed   int   // entries left out: remote, outside, refused, charts not run
	tooBig    bool
	fatal     bool
	over      int // entries left out past maxBuilds after the first
	overDiag  int // index of the diagnostic reporting the first, or -1
	fallback  lint.Range
	marks     marker
	// unparsable counts listed files krusty parses as YAML that do not
	// parse: the build fails whatever else was left out.
	unparsable int
	// templated is where the first file the build reads has a template
	// tag that makes YAML structure of its own (structuralTag): a build
	// failing then is a note (the file is filled in before the build).
	templated lint.Range

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
		files:    map[string]string{},
		orig:     map[string][]byte{},
		refused:  map[string]bool{},
		helm:     map[string]lint.Range{},
		helmSeq:  map[*kustomization]int{},
		overDiag: -1,
		marks:    marker{marked: map[string]bool{}},
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
	confine := ""
	if opts.ScanRoot != "" {
		confine = b.scanRoot
	}
	b.src = newSource(opts.Tree, confine, opts.Cache)
	if opts.Inputs != nil && opts.Tree != nil {
		b.src.tree, b.src.observed = opts.Tree.Observed(opts.Inputs), true
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

// mem is the in-memory path of an absolute path: the path itself, with
// forward slashes (a directory a kustomization reaches may lie above the
// scan root when the tree widens to it).
func (b *builder) mem(abs string) string {
	parts := strings.Split(strings.TrimPrefix(filepath.ToSlash(filepath.Clean(abs)), "/"), "/")
	for i, c := range parts {
		parts[i] = memComponent(c)
	}
	return "/" + strings.Join(parts, "/")
}

// escMark starts a path component kyaml's in-memory filesystem could not
// hold as written: it refuses every character but letters, digits and
// "._-:" (a checkout under "/builds/job@2" or "/tmp/a+b" would lose every
// overlay), so such a component is stored as hex behind the mark.
const escMark = "_x_"

// memComponent is a path component as the in-memory filesystem holds it.
func memComponent(c string) string {
	if !strings.HasPrefix(c, escMark) && strings.IndexFunc(c, unsafeForMemFS) < 0 {
		return c
	}
	return escMark + hex.EncodeToString([]byte(c))
}

// diskComponent undoes memComponent.
func diskComponent(c string) string {
	if rest, ok := strings.CutPrefix(c, escMark); ok {
		if b, err := hex.DecodeString(rest); err == nil {
			return string(b)
		}
	}
	return c
}

// unsafeForMemFS reports a character kyaml's in-memory filesystem refuses.
func unsafeForMemFS(r rune) bool {
	switch {
	case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		return false
	case r == '.', r == '_', r == '-':
		return false
	}
	return true
}

// disk is the absolute path of an in-memory path.
func (b *builder) disk(m string) string {
	if f, ok := b.files[m]; ok {
		return f
	}
	parts := strings.Split(m, "/")
	for i, c := range parts {
		parts[i] = diskComponent(c)
	}
	p := filepath.FromSlash(strings.Join(parts, "/"))
	if len(p) > 1 && filepath.VolumeName(p[1:]) != "" {
		return p[1:]
	}
	return p
}

func (b *builder) diag(r lint.Range, summary, detail string) {
	b.diags = append(b.diags, lint.Diagnostic{Range: r, Summary: summary, Detail: detail})
}

func (b *builder) note(r lint.Range, what string) {
	b.removed++
	b.notes = append(b.notes, lint.Note{Kind: lint.Skipped, What: what, Range: r})
}

// drop leaves an entry out with an FL000 at it; the rest still renders.
func (b *builder) drop(k *kustomization, r ref, detail string) {
	r.remove()
	b.removed++
	b.diag(b.at(k, r.node), "Cannot render Kustomize overlay", detail)
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

// fileAt is line l (at least 1) of a file.
func (b *builder) fileAt(p string, l int) lint.Range {
	l = max(l, 1)
	return lint.Range{File: b.rel(p), Line: l, Column: 1, EndLine: l, EndColumn: 1}
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
			fmt.Sprintf("the kustomization tree is larger than %d files or %s", maxFiles, treefs.Size(b.maxBytes)))
	}
	return false
}

// aliasesOK reports whether the aliases in data (a file krusty parses as
// YAML) stay within the tree's expansion bound; an FL000 at p says why not.
func (b *builder) aliasesOK(p string, data []byte) bool {
	extra, line, err := measureAliases(data, maxAliasNodes-b.aliases)
	if err == nil {
		b.aliases += extra
		return true
	}
	b.diag(b.fileAt(p, line), "Cannot render Kustomize overlay", fmt.Sprintf("%s: %v", b.rel(p), err))
	return false
}

// loadDir copies the kustomization in dir and everything it names into
// memory, depth first, and returns it (nil when dir holds none).
func (b *builder) loadDir(dir string) *kustomization {
	if k, ok := b.kusts[dir]; ok {
		return k
	}
	if b.tooBig {
		return nil
	}
	k := readKust(b.src, dir)
	if k.file == "" {
		if k.outside != "" {
			b.note(b.fileAt(k.outside, 1), fmt.Sprintf("kustomization file %s not read: it lies outside the scanned tree", b.rel(k.outside)))
		}
		_ = b.fs.MkdirAll(b.mem(dir))
		return nil
	}
	if k.err != nil {
		if why, locked := lockedfile.Why(k.data); locked {
			// A checkout without the key or the LFS objects: not broken.
			b.note(b.fileAt(k.file, 1), fmt.Sprintf("kustomization %s not built: it is %s", b.rel(k.file), why))
			return nil
		}
		b.fatal = true
		errLine := max(k.errLine, yamlErrorLine(k.err.Error()))
		at := b.fileAt(k.file, errLine)
		if line, ok := templateLine(k.data, errLine); ok {
			// A skeleton a scaffolder fills in (Backstage, cookiecutter):
			// not a kustomization until it is rendered.
			b.note(b.fileAt(k.file, line), fmt.Sprintf("kustomization %s read as a template, not built: it does not parse before rendering (%s; a placeholder at line %d)", b.rel(k.file), k.err, line))
			return nil
		}
		b.diag(at, "Cannot read kustomization", k.err.Error())
		return nil
	}
	if !b.kustAliasesOK(k) {
		b.fatal = true
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
	b.stack = append(b.stack, k)
	b.rewrite(k)
	b.stack = b.stack[:len(b.stack)-1]
	data, err := yaml.Marshal(k.doc)
	if err != nil {
		b.fatal = true
		b.diag(b.at(k, nil), "Cannot read kustomization", err.Error())
		return k
	}
	_ = b.fs.WriteFile(m, data)
	return k
}

// kustAliasesOK bounds the aliases of a kustomization file and of the
// inline YAML it holds (patches, plugin configs), which krusty parses too.
func (b *builder) kustAliasesOK(k *kustomization) bool {
	if b.aliases += k.aliases; b.aliases > maxAliasNodes {
		b.diag(b.fileAt(k.file, 1), "Cannot read kustomization", fmt.Sprintf("%s: %v", b.rel(k.file), errExpansion))
		return false
	}
	ok := true
	var walk func(n *yaml.Node, depth int)
	walk = func(n *yaml.Node, depth int) {
		if n == nil || !ok || depth > maxYAMLDepth {
			return
		}
		if n.Kind == yaml.ScalarNode && strings.Contains(n.Value, "*") {
			extra, line, err := measureAliases([]byte(n.Value), maxAliasNodes-b.aliases)
			if err != nil {
				ok = false
				b.diag(b.at(k, n), "Cannot render Kustomize overlay", fmt.Sprintf("inline YAML at line %d: %v", n.Line+line, err))
				return
			}
			b.aliases += extra
		}
		for _, c := range n.Content {
			walk(c, depth+1)
		}
	}
	walk(k.top, 0)
	return ok
}

// yamlErrorLine is the 1-based line a YAML error names, or 0.
func yamlErrorLine(msg string) int {
	l, _, _ := yamlpos.ErrorLine(msg)
	return l
}

// malformedAt is where a file krusty found malformed (msg its error) is
// broken, 1-based: where yaml.v3 finds the whole file broken — krusty
// reads each document apart and counts lines from the document's start,
// so its line is a file line only in the first —, else the line krusty
// names.
func malformedAt(data []byte, msg string) (line, col int) {
	if _, err := yamlpos.DecodeAll(data); err != nil {
		if l, c, _, ok := yamlpos.ErrorAt(data, err.Error()); ok {
			return l, c
		}
	}
	return yamlErrorLine(msg), 1
}

// pluginFields are the kustomization fields whose entries configure
// plugins.
var pluginFields = map[string]bool{"generators": true, "transformers": true, "validators": true}

// rewrite makes a kustomization safe and traceable for krusty: remote
// entries, entries outside the tree and chart entries go, chart output
// comes in as resources, the files it names are copied, and origin
// annotations are switched on.
func (b *builder) rewrite(k *kustomization) {
	// Entries are judged under the field they are written in (a
	// diagnostic names bases as bases), then bases joins resources.
	for _, r := range k.refs() {
		b.entry(k, r)
	}
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
	b.charts(k)
	b.collectPatches(k)
	if k.dir == b.rootDir {
		b.extraPatches(k)
	}
	if b.marks.on {
		b.markKust(k)
		return
	}
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

// entry handles one path a kustomization names: copied, loaded, or left
// out with a note or an FL000 saying why.
func (b *builder) entry(k *kustomization, r ref) {
	if r.isInline() {
		if pluginFields[r.field] {
			b.inlinePlugin(k, r)
		}
		return
	}
	if isRemote(r.value) {
		r.remove()
		b.note(b.at(k, r.node), fmt.Sprintf("remote kustomize %s %s not fetched", noun(r.field), r.value))
		return
	}
	loc := b.at(k, r.node)
	if filepath.IsAbs(r.value) {
		b.fatal = true
		b.diag(loc, "Cannot render Kustomize overlay", fmt.Sprintf("%s entry %q is an absolute path; kustomize paths are relative to the kustomization", r.field, r.value))
		return
	}
	p := absUnder(k.dir, r.value)
	b.refs = append(b.refs, refLoc{k: k, r: r, mem: b.mem(p)})
	fi, err := b.src.reach(p, r.kind != refFile)
	gen := ""
	if errors.Is(err, fs.ErrNotExist) {
		gen = b.generated(p)
	}
	switch {
	case errors.Is(err, treefs.ErrOutside):
		r.remove()
		b.note(loc, fmt.Sprintf("kustomize %s %q not read: %s", noun(r.field), r.value, outsideReason(err)))
	case gen != "":
		r.remove()
		b.note(loc, fmt.Sprintf("kustomize %s %q is generated at deploy time, not in the tree (%s); not read", noun(r.field), r.value, gen))
	case errors.Is(err, fs.ErrNotExist) && templatetext.HasString(r.value):
		// "${{ values.name }}.yaml": a scaffolder names the file.
		r.remove()
		b.note(loc, fmt.Sprintf("kustomize %s %q is a template placeholder, filled in before the build; not read", noun(r.field), r.value))
	case errors.Is(err, fs.ErrNotExist):
		b.fatal = true
		b.diag(loc, "Cannot render Kustomize overlay", fmt.Sprintf("%s entry %q: %s does not exist", r.field, r.value, b.rel(p)))
	case err != nil:
		b.drop(k, r, fmt.Sprintf("%s entry %q: %v", r.field, r.value, err))
	case fi.IsDir() && r.kind == refFile:
		_ = b.fs.MkdirAll(b.mem(p)) // krusty reports a directory where a file belongs
	case fi.IsDir():
		if b.child(k, r, p) && pluginFields[r.field] {
			b.pluginDir(k, r)
		}
	case fi.Mode().IsRegular():
		if !b.copyFile(k, p, r.field) {
			r.remove()
			b.removed++
		}
	default:
		b.drop(k, r, fmt.Sprintf("%s entry %q is not a regular file or directory", r.field, r.value))
	}
}

// child loads a base or component directory k names, refusing cycles,
// nesting past maxNesting, the wrong kind, and builds past maxBuilds. It
// reports whether the entry stays and the directory was loaded.
func (b *builder) child(k *kustomization, r ref, p string) bool {
	if chain := b.cycle(p); chain != "" {
		b.drop(k, r, fmt.Sprintf("%s entry %q makes a kustomization cycle: %s", r.field, r.value, chain))
		return false
	}
	if len(b.stack) >= maxNesting {
		b.drop(k, r, fmt.Sprintf("%s entry %q: kustomizations nest deeper than %d levels", r.field, r.value, maxNesting))
		return false
	}
	c := b.loadDir(p)
	if c == nil && !b.fatal {
		if gen := b.generated(filepath.Join(p, "kustomization.yaml")); gen != "" {
			// The directory's kustomization.yaml is rendered from a
			// kustomization.yaml.tpl at deploy time.
			r.remove()
			b.removed++
			b.note(b.at(k, r.node), fmt.Sprintf("kustomize %s %q: its kustomization is generated at deploy time, not in the tree (%s); not read", noun(r.field), r.value, gen))
			return false
		}
	}
	if c == nil {
		if !b.fatal {
			_ = b.fs.MkdirAll(b.mem(p)) // krusty reports the missing kustomization
		}
		return false
	}
	if msg := kindMismatch(r, c); msg != "" {
		b.drop(k, r, msg)
		return false
	}
	if k.builds+c.builds > maxBuilds || k.weight+c.weight > b.maxBytes {
		b.overBudget(k, r)
		return false
	}
	k.builds += c.builds
	k.weight += c.weight
	return !b.fatal
}

// kindMismatch says why krusty would refuse c where r names it: a
// Component listed as a resource, or a Kustomization as a component.
func kindMismatch(r ref, c *kustomization) string {
	switch {
	case r.kind == refResource && c.component():
		return fmt.Sprintf("%s entry %q is a Component (kind: Component); list it under components", r.field, r.value)
	case r.kind == refDir && !c.component():
		return fmt.Sprintf("components entry %q is not a Component (kind: Component); list it under resources", r.value)
	}
	return ""
}

// cycle returns the chain of kustomization files from the one p closes a
// cycle with (p is, or contains, a kustomization being loaded, which
// kustomize refuses) to p, or "".
func (b *builder) cycle(p string) string {
	real := b.src.real(p)
	for i, s := range b.stack {
		if !treefs.Within(real, s.real) {
			continue
		}
		var chain []string
		for _, t := range b.stack[i:] {
			chain = append(chain, b.rel(t.file))
		}
		if f, _ := b.src.kustFile(p); f != "" && real == s.real {
			chain = append(chain, b.rel(f))
		} else {
			chain = append(chain, b.rel(p)+" (a directory above "+b.rel(s.dir)+")")
		}
		return strings.Join(chain, " → ")
	}
	return ""
}

// overBudget leaves out an entry that would make krusty build too much:
// the first with an FL000 naming the bound, the others counted in it.
func (b *builder) overBudget(k *kustomization, r ref) {
	if b.overDiag >= 0 {
		r.remove()
		b.removed++
		b.over++
		return
	}
	b.overDiag = len(b.diags)
	b.drop(k, r, fmt.Sprintf("%s entry %q left out: kustomize builds a base once for every path that reaches it, and with it this overlay would build more than %d kustomizations or read more than %s",
		r.field, r.value, maxBuilds, treefs.Size(b.maxBytes)))
}

// finishBudget counts the other entries left out past the build bound in
// its diagnostic.
func (b *builder) finishBudget() {
	if b.overDiag >= 0 && b.over > 0 {
		b.diags[b.overDiag].Detail += fmt.Sprintf(" (%d more entries left out for the same reason)", b.over)
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

// rawFields name files krusty takes as data, not as YAML to parse.
var rawFields = map[string]bool{"configMapGenerator": true, "secretGenerator": true}

// yamlFields name files krusty parses as YAML with the parser faultline
// uses too (yaml.v3, kyaml's fork of it), so that one faultline cannot
// parse fails the build: resources, strategic-merge patches and plugin configs. Patches
// that may be JSON (krusty reads JSON 6902 patches as JSON first) and
// files krusty reads through other decoders are not among them.
var yamlFields = map[string]bool{"resources": true, "bases": true, "patchesStrategicMerge": true, "generators": true, "transformers": true, "validators": true}

// patchFields name patch files (YAML, or JSON, which is YAML) that krusty
// reads as patches.
var patchFields = map[string]bool{"patches": true, "patchesJson6902": true}

// copyFile copies a named file into memory and reports whether it is
// there. Files krusty parses are bounded in alias expansion; files that
// configure plugins are checked for builtins that would exec or fetch, and
// the files they name are copied too. A file that cannot be read or is
// refused gets an FL000 (once); the caller leaves its entry out.
func (b *builder) copyFile(k *kustomization, p, field string) bool {
	m := b.mem(p)
	if data, ok := b.orig[m]; ok {
		b.markUse(m, field)
		k.weight += int64(len(data))
		return true
	}
	if b.refused[m] {
		return false
	}
	data, err := b.src.read(p, maxFileSize)
	if err != nil {
		b.refused[m] = true
		b.diag(b.fileAt(p, 1), "Cannot read file", fmt.Sprintf("%s: %v", b.rel(p), err))
		return false
	}
	if !b.budget(k, len(data)) {
		return false
	}
	if why, locked := sealed(data); locked && resourceField(field) {
		// Decrypted by the deploy (Flux's decryption, a sops step):
		// what it holds is not known, and the rest is built.
		b.refused[m] = true
		b.note(b.fileAt(p, 1), fmt.Sprintf("%s: it is %s; not read", b.rel(p), why))
		return false
	}
	if !rawFields[field] && !b.aliasesOK(p, data) {
		b.refused[m] = true
		return false
	}
	b.files[m] = p
	b.orig[m] = data
	k.weight += int64(len(data))
	if yamlFields[field] {
		if _, ok := b.opts.Cache.parse(p, data); !ok {
			b.unparsable++
		}
	}
	if (yamlFields[field] || patchFields[field]) && b.templated.IsZero() {
		if line, ok := structuralTag(data); ok {
			b.templated = b.fileAt(p, line)
		}
	}
	clean := b.sanitize(k, p, data, field)
	if resourceField(field) {
		clean = b.markFile(m, clean, b.parseFor(p, data, clean))
	}
	data = clean
	_ = b.fs.WriteFile(m, data)
	return true
}

// parseFor is how markFile parses clean, what sanitize made of the file at
// p as read (data): through the run's cache when it is the same content
// (positions parse the file as read through the cache too, so a file
// several overlays include is parsed once per run), else afresh.
func (b *builder) parseFor(p string, data, clean []byte) func([]byte) ([]*yaml.Node, bool) {
	if len(clean) != len(data) || len(data) > 0 && &clean[0] != &data[0] {
		return pluginDocs
	}
	return func(d []byte) ([]*yaml.Node, bool) { return b.opts.Cache.parse(p, d) }
}

// sanitize drops documents that would make krusty exec helm, run an
// external plugin or fetch over the network: HelmChartInflationGenerator
// configs (in generators they are rendered through the Helm path
// instead), external plugin configs in generators, transformers and
// validators (KRM functions, exec and Go plugins), and builtin plugin
// configs that name remote files. A plugin config's local files are
// copied.
//
// Files listed as plugins are always parsed. For other files the
// substring tests only pre-filter which are parsed (every builtin config
// says "builtin", every Helm generator names its kind); what is dropped is
// decided on the parsed documents, parsed through the run's cache, which
// markFile and positions then read too.
func (b *builder) sanitize(k *kustomization, p string, data []byte, field string) []byte {
	helmGen := mayHoldHelmGenerator(data)
	if !pluginFields[field] && !helmGen && !bytes.Contains(data, []byte("builtin")) {
		return data
	}
	docs, ok := b.opts.Cache.parse(p, data)
	if !ok {
		if helmGen {
			// Unparsable: krusty would fail on it too, but must not run it.
			b.note(lint.Range{File: b.rel(p), Line: 1, Column: 1}, "HelmChartInflationGenerator in "+b.rel(p)+" not run")
			return nil
		}
		return data
	}
	var keep []*yaml.Node
	for i, d := range docs {
		if b.plugin(k, d, lint.Range{File: b.rel(p), Line: max(docRoot(d).Line, 1), Column: 1}, filepath.Dir(p), field, p, i) {
			keep = append(keep, d)
		}
	}
	if len(keep) == len(docs) {
		return data
	}
	return encodeDocs(keep)
}

// encodeDocs writes YAML documents as one multi-document text.
func encodeDocs(docs []*yaml.Node) []byte {
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	for _, d := range docs {
		_ = enc.Encode(d)
	}
	_ = enc.Close()
	return buf.Bytes()
}

// plugin vets one document that may configure a plugin and reports
// whether it stays. Listed as a generator, transformer or validator, a
// document that configures an external plugin is left out with a note:
// krusty here runs builtins only, and the rest renders without it.
//
// file and doc say where d is: document doc of generator file file, or ""
// for inline YAML (a remote chart it generates is then not modelled).
func (b *builder) plugin(k *kustomization, d *yaml.Node, at lint.Range, dir, field, file string, doc int) bool {
	if pluginFields[field] && isExternalPlugin(d) {
		b.note(at, externalNote(noun(field), kindOf(d), externalKind(docRoot(d)), at.File))
		return false
	}
	if kindOf(d) == "HelmChartInflationGenerator" {
		if field == "generators" {
			c, values := chartFrom(docRoot(d), false)
			b.chart(k, c, values, at, remoteAt{file: file, index: doc})
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
			if filepath.IsAbs(p) || !b.src.contains(a) {
				continue // krusty reports what it cannot load
			}
			if fi, err := b.src.stat(a); err == nil && fi.Mode().IsRegular() {
				b.copyFile(k, a, "")
			}
		}
	}
	return true
}

// inlinePlugin vets inline plugin configs in generators, transformers and
// validators: the documents plugin refuses are taken out of the entry, and
// an entry left with none goes.
func (b *builder) inlinePlugin(k *kustomization, r ref) {
	docs, ok := pluginDocs([]byte(r.value))
	if !ok {
		if mayHoldHelmGenerator([]byte(r.value)) {
			r.remove()
			b.note(b.at(k, r.node), "inline HelmChartInflationGenerator not run")
		}
		return
	}
	var keep []*yaml.Node
	for _, d := range docs {
		if b.plugin(k, d, b.at(k, r.node), k.dir, r.field, "", 0) {
			keep = append(keep, d)
		}
	}
	switch {
	case len(keep) == len(docs):
	case len(keep) == 0:
		r.remove()
	default:
		r.node.Value = string(encodeDocs(keep))
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
	index := map[bool]int{}
	for _, e := range entries {
		c, values := chartFrom(e.node, e.legacy)
		if c.ChartHome == "" {
			c.ChartHome = home
		}
		n := nameNode(e.node, e.legacy)
		field := "helmCharts"
		if e.legacy {
			field = "helmChartInflationGenerator"
		}
		b.chart(k, c, values, b.at(k, n), remoteAt{file: k.file, field: field, index: index[e.legacy]})
		index[e.legacy]++
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
func (b *builder) chart(k *kustomization, c HelmChart, values []string, at lint.Range, where remoteAt) {
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
	if !b.src.contains(c.ChartHome) {
		b.note(at, fmt.Sprintf("kustomize Helm chart %s not rendered: its chart home lies outside the scanned tree ("+treefs.RootHint+")", label))
		return
	}
	if c.Namespace == "" {
		c.Namespace = str(get(k.top, "namespace"))
	}
	if !b.chartValues(k, &c, values, label, at) {
		return
	}
	out, err := renderChart(b.opts.Helm, c)
	if err != nil {
		switch {
		case errors.Is(err, ErrChartUnavailable) && c.Repo != "" && where.file != "":
			b.remoteChart(k, c, label, at, where)
		case errors.Is(err, ErrChartUnavailable):
			b.note(at, fmt.Sprintf("kustomize Helm chart %s not rendered: %v", label, err))
		default:
			b.removed++ // a failed build that follows is this error's consequence
			b.diag(at, "Cannot render Helm chart", fmt.Sprintf("%s: %v", label, err))
		}
		return
	}
	if len(bytes.TrimSpace(out)) == 0 {
		return
	}
	b.addChartOutput(k, c.Name, out, label, at)
}

// chartValues vets a chart's values files (relative to k) and sets them
// on c; false when the chart is not to be rendered (reported).
func (b *builder) chartValues(k *kustomization, c *HelmChart, values []string, label string, at lint.Range) bool {
	for _, v := range values {
		if isRemote(v) {
			b.note(at, fmt.Sprintf("kustomize Helm chart %s: remote values file %s not fetched", label, v))
			continue
		}
		a := absUnder(k.dir, v)
		if !b.src.contains(a) {
			b.note(at, fmt.Sprintf("kustomize Helm chart %s not rendered: values file %s lies outside the scanned tree ("+treefs.RootHint+")", label, v))
			return false
		}
		if fi, err := b.src.stat(a); err == nil && !fi.Mode().IsRegular() {
			b.removed++
			b.diag(at, "Cannot render Helm chart", fmt.Sprintf("values file %s of %s is not a regular file", v, label))
			return false
		}
		if c.ValuesFile == "" {
			c.ValuesFile = a
		} else {
			c.AdditionalValuesFiles = append(c.AdditionalValuesFiles, a)
		}
	}
	return true
}

// addChartOutput adds a chart's rendered output to k as a resource file,
// within the tree's byte and alias bounds.
func (b *builder) addChartOutput(k *kustomization, chart string, out []byte, label string, at lint.Range) {
	if !b.budget(k, len(out)) {
		return
	}
	extra, _, err := measureAliases(out, maxAliasNodes-b.aliases)
	if err != nil {
		b.removed++
		b.diag(at, "Cannot render Helm chart", fmt.Sprintf("%s: its output: %v", label, err))
		return
	}
	b.aliases += extra
	k.weight += int64(len(out))
	i := b.helmSeq[k]
	b.helmSeq[k]++
	name := helmFileName(i, chart)
	m := path.Join(b.mem(k.dir), name)
	_ = b.fs.WriteFile(m, b.markFile(m, out, pluginDocs))
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
			if data, ok := b.orig[rl.mem]; ok && strings.Contains(msg[pos:], "MalformedYAMLError") {
				if l, c := malformedAt(data, msg[pos:]); l > 0 {
					at = lint.Range{File: b.rel(b.disk(rl.mem)), Line: l, Column: c, EndLine: l, EndColumn: c}
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
				if p.extra != nil {
					at = p.extra.At
				}
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
	// kustomize prints some values with %v: a generator's pointers
	// (&{0xc000… 0xc000…}), different in every run, and a resource ID
	// as Go syntax. The ID is written as kind and name; the pointers go.
	msg = goPointers.ReplaceAllString(msg, "")
	msg = goResID.ReplaceAllString(msg, "$3 $4")
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

// goPointers is a struct of pointers as %v prints it, with the blank
// before it.
var goPointers = regexp.MustCompile(` ?&\{0x[0-9a-f]+(?: 0x[0-9a-f]+)*\}`)

// goResID is a kustomize resid.ResId as %#v prints it: group, version,
// kind, name, namespace.
var goResID = regexp.MustCompile(`resid\.ResId\{Gvk:resid\.Gvk\{Group:"([^"]*)", Version:"([^"]*)", Kind:"([^"]*)"[^}]*\}, Name:"([^"]*)", Namespace:"([^"]*)"\}`)

// generatorMerge is kustomize's error for a generator that merges into
// or replaces an object nothing before it made.
var generatorMerge = regexp.MustCompile(`merging from generator.*Kind:"(ConfigMap|Secret)"[^}]*\}, Name:"([^"]*)"`)

// generatorAt is where a generator kustomize could not merge is written:
// the entry of configMapGenerator (secretGenerator) with that name and a
// behavior of merge or replace, in a kustomization of the build.
func (b *builder) generatorAt(msg string) (lint.Range, bool) {
	m := generatorMerge.FindStringSubmatch(msg)
	if m == nil {
		return lint.Range{}, false
	}
	field := "configMapGenerator"
	if m[1] == "Secret" {
		field = "secretGenerator"
	}
	for _, k := range b.order {
		gens := get(k.top, field)
		if gens == nil || gens.Kind != yaml.SequenceNode {
			continue
		}
		for _, g := range gens.Content {
			if str(get(g, "name")) != m[2] {
				continue
			}
			if bh := str(get(g, "behavior")); bh == "merge" || bh == "replace" {
				return b.at(k, get(g, "name")), true
			}
		}
	}
	return lint.Range{}, false
}

// renderedDoc is one object in the output.
type renderedDoc struct {
	kind, name   string
	origin       string // the file it came from ("" unknown), a memory path
	configuredIn string // the kustomization that generated it, a memory path
}

// output turns the resource map into YAML without origin annotations or
// marks and records where each object came from (memory paths, under
// memRoot, the root's memory path). A marked build whose marks do not say
// it fails with errUnmarked.
//
// objs are the objects' YAML as written into content, at the lines they
// start at.
func (b *builder) output(rm resmap.ResMap, memRoot string) (content []byte, docs []renderedDoc, objs []placedObject, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("kustomize panicked: %v", r)
		}
	}()
	var buf bytes.Buffer
	line := 1
	for _, res := range rm.Resources() {
		d := renderedDoc{kind: res.GetKind(), name: res.GetName()}
		if b.marks.on {
			ok, err := b.takeMark(res, &d)
			if err != nil {
				return nil, nil, nil, err
			}
			if !ok {
				return nil, nil, nil, errUnmarked
			}
		} else if err := originOf(res, &d, memRoot); err != nil {
			return nil, nil, nil, err
		}
		if b.takeRemote(res.GetApiVersion(), res.GetKind(), res.GetAnnotations(), res.GetNamespace()) {
			continue
		}
		e, err := b.opts.Cache.objectYAML(res)
		if err != nil {
			return nil, nil, nil, err
		}
		if len(objs) > 0 {
			buf.WriteString("---\n")
			line++
		}
		objs = append(objs, placedObject{entry: e, line: line})
		buf.Write(e.out)
		line += bytes.Count(e.out, []byte("\n"))
		if int64(buf.Len()) > b.maxBytes {
			return nil, nil, nil, fmt.Errorf("rendered output is larger than %d bytes", b.maxBytes)
		}
		docs = append(docs, d)
	}
	return buf.Bytes(), docs, objs, nil
}

// originOf reads where an object came from out of its origin annotation
// and removes the annotation.
func originOf(res *resource.Resource, d *renderedDoc, memRoot string) error {
	if o, oerr := res.GetOrigin(); oerr == nil && o != nil && o.Repo == "" {
		if o.Path != "" {
			d.origin = path.Join(memRoot, o.Path)
		}
		if o.ConfiguredIn != "" {
			d.configuredIn = path.Join(memRoot, o.ConfiguredIn)
		}
	}
	annos := res.GetAnnotations()
	if _, ok := annos[originAnnotation]; ok {
		delete(annos, originAnnotation)
		if err := res.SetAnnotations(annos); err != nil {
			return err
		}
	}
	return nil
}

// templateLine is the first line of data, up to line upTo (where its YAML
// fails), holding a template placeholder (templatetext), when one does.
func templateLine(data []byte, upTo int) (int, bool) {
	for i, l := range bytes.Split(data, []byte("\n")) {
		if upTo > 0 && i+1 > upTo {
			break
		}
		if templatetext.Has(l) {
			return i + 1, true
		}
	}
	return 0, false
}

// sealed says how a resource file is encrypted at rest, and whether it
// is: locked in the checkout (lockedfile), or SOPS documents (a
// top-level sops mapping holding the mac SOPS signs them with).
func sealed(data []byte) (string, bool) {
	if why, ok := lockedfile.Why(data); ok {
		return why, true
	}
	if !bytes.Contains(data, []byte("sops")) {
		return "", false // no document can hold the key
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for range maxSealedDocs {
		var doc yaml.Node
		if dec.Decode(&doc) != nil {
			return "", false
		}
		if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
			continue
		}
		if lockedfile.IsSOPSDocument(doc.Content[0]) {
			return lockedfile.SOPSEncrypted, true
		}
	}
	return "", false
}

// maxSealedDocs bounds the documents sealed reads.
const maxSealedDocs = 64
