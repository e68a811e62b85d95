// Package flux applies a Flux Kustomization's post-build variable
// substitution (kustomize.toolkit.fluxcd.io spec.postBuild) to the YAML
// it deploys, as kustomize-controller does, with Flux's own substitution
// library (github.com/fluxcd/pkg/envsubst).
//
// kustomize-controller (v1.10) substitutes each built object when
// spec.postBuild is set: unless the object carries the label or
// annotation kustomize.toolkit.fluxcd.io/substitute: disabled, and only
// when at least one variable is defined (or substituteStrategy: Always).
// Variables come from spec.postBuild.substituteFrom (ConfigMaps' data,
// Secrets' data, in list order, later ones winning; a missing reference
// fails the build unless optional) and then spec.postBuild.substitute,
// which wins over them; newlines are removed from every value.
//
// Here a ConfigMap or Secret is found among the YAML of the tree (files
// as written and kustomize output) by name in the Kustomization's
// namespace. One that is not there (created elsewhere; a SOPS-encrypted
// Secret, whose values are ciphertext) may define any variable: a
// variable that no later source in the tree nor spec.postBuild.substitute
// defines is then unknown, a named hole of the run (the same variable of
// the same Kustomization is the same hole). A variable defined nowhere is
// the empty string, as kustomize-controller substitutes it without
// strict substitution; the StrictPostBuildSubstitutions feature gate
// (a controller flag, default on from kustomize-controller v1.9) makes it
// fail the build instead. When the tree holds the kustomize-controller
// Deployment, its flag or version decides (strict.go): strict, such a
// variable is an error at its placeholder (and a hole, so nothing is
// judged on the build Flux refuses); otherwise it is the empty string and
// the note tells.
//
// Flux substitutes an object's YAML as it serialises it (comments
// dropped); here the text as written is substituted line by line,
// comment lines left alone, so line numbers stay those of the source.
// Columns after a substitution on the same line shift by the difference
// in length; positions keep the column of the text as substituted.
package flux

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"maps"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/fluxcd/pkg/envsubst"
	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/internal/yamlpos"
	"github.com/faultline-dev/faultline/lint"
)

// Group is the API group of Flux's Kustomization.
const Group = "kustomize.toolkit.fluxcd.io"

// optOut is the label and annotation that leaves an object alone.
const optOut = Group + "/substitute"

// File is YAML of the tree: a file as written or kustomize output.
type File struct {
	// Rel is the name positions use; Dir the absolute directory the
	// file's relative paths resolve from.
	Rel, Dir string
	Data     []byte
	// Docs are Data's documents when already parsed, else nil.
	Docs []*yaml.Node
	// Range maps a position in Data to the source (nil: as written).
	Range func(lint.Range, string) lint.Range
	// Unit is the Terraform root module that writes Data ("" for a file
	// of manifests).
	Unit string
	// AddsData marks a ConfigMap whose data is written into one of its
	// name made elsewhere (kubernetes_config_map_v1_data): its keys join
	// that one's, taking over those it also holds.
	AddsData bool
	// DataUnknown marks a ConfigMap or Secret whose data is known only at
	// apply (it may define any variable).
	DataUnknown bool
}

// Options are the run's.
type Options struct {
	// Bases lists the directories a Flux path read in dir resolves
	// against (the repository holding dir, each scan root).
	Bases func(dir string) []string
	Holes *lint.Holes
}

// Kustomization is one Flux Kustomization with spec.postBuild.
type Kustomization struct {
	// Label names it ("Flux Kustomization flux-system/apps").
	Label string
	// Dirs are the absolute directories its spec.path resolves to.
	Dirs []string
	// Range is where it is written (its postBuild).
	Range lint.Range
	// vars are the known values, holes the variables left unknown,
	// open whether a source outside the tree may define any variable.
	vars  map[string]string
	open  bool
	run   bool // substitution runs: a variable is or may be defined, or Always
	holes *lint.Holes
	// seenHoles and seenEmpty are the variables met unknown and
	// defined nowhere, for the note (mu held: files are read in
	// parallel).
	mu                   sync.Mutex
	seenHoles, seenEmpty map[string]bool
	missing              []string // sources not in the tree
	bad                  string   // an invalid variable name: the build fails
	// strict is whether kustomize-controller substitutes strictly (see
	// strict.go): Yes fails the build on a variable defined nowhere.
	strict strictMode
}

// Set is the Flux Kustomizations with post-build substitution in a tree.
type Set struct {
	ks []*Kustomization
	// paths are the directories every Flux Kustomization of the tree
	// builds (its spec.path resolved against Options.Bases), with
	// post-build substitution or not; written are their spec.path as
	// written, with the directory of the file declaring each.
	paths   map[string]bool
	written []writtenPath
	// placements are every Flux Kustomization's directories and
	// spec.targetNamespace (TargetNamespace).
	placements []placement
}

// placement is one Flux Kustomization's directories and the namespace
// its spec.targetNamespace gives ("" when it gives none).
type placement struct {
	dirs   []string
	target Target
	// patched, when set, is the note that the Kustomization's
	// spec.patches are not applied; patches are those patches, applied
	// when the caller builds its path as a kustomization (PatchesAt).
	patched *lint.Note
	patches []Patch
	applied bool
}

// Patch is one entry of a Flux Kustomization's spec.patches, which
// kustomize-controller appends to the patches of the kustomization file of
// the directory it builds.
type Patch struct {
	// Text is the patch; Target its target as written (nil: none).
	Text   string
	Target *yaml.Node
	// At is where the patch is written. Traced is set when Text is a
	// literal block as the file holds it: a position at line l, column c
	// of Text is the file's line l+Line, column c+Column.
	At           lint.Range
	Traced       bool
	Line, Column int
}

// Target is the namespace a Flux Kustomization's spec.targetNamespace
// places what it deploys in: kustomize-controller writes it as the
// namespace of the kustomization it builds, so kustomize's namespace
// transformer sets it on every namespaced object, over the namespace an
// overlay or a manifest writes.
type Target struct {
	// Namespace is the namespace, as written.
	Namespace string
	// Label names the Flux Kustomization; Range is where
	// spec.targetNamespace is written.
	Label string
	Range lint.Range
}

// writtenPath is a Flux Kustomization's spec.path (cleaned, slashes) and
// the directory of the file declaring it.
type writtenPath struct{ path, dir string }

var varName = regexp.MustCompile(`^[_[:alpha:]][_[:alpha:][:digit:]]*$`)

type source struct {
	kind, name, namespace string
	// dir is the directory of the file it is written in.
	dir string
	// ambiguous: several sources of the name differ, and this is what
	// they have in common (any other variable may be defined).
	ambiguous bool
	data      map[string]string
	sealed    bool // SOPS-encrypted: values unreadable
	// unit, adds and unknown are File's Unit, AddsData and DataUnknown.
	unit          string
	adds, unknown bool
}

// Find reads the Flux Kustomizations with spec.postBuild in files and
// the ConfigMaps and Secrets they substitute from.
func Find(files []File, opts Options) *Set {
	// Without a Flux Kustomization nothing is substituted: no file is
	// parsed for a ConfigMap, a Secret or the controller.
	if !slices.ContainsFunc(files, func(f File) bool { return MayHoldKustomization(f.Data) }) {
		return &Set{}
	}
	var sources []source
	type found struct {
		f   File
		top *yaml.Node
	}
	var ks []found
	var built, written []strictMode
	paths := map[string]bool{}
	var pathsWritten []writtenPath
	var placements []placement
	for _, f := range files {
		if !Reads(f.Data) {
			continue
		}
		docs := f.Docs
		if docs == nil {
			docs = parse(f.Data)
		}
		for _, d := range docs {
			top := body(d)
			if top == nil {
				continue
			}
			api, kind := str(at(top, "apiVersion")), str(at(top, "kind"))
			switch {
			case kind == "Kustomization" && strings.HasPrefix(api, Group+"/"):
				for _, d := range pathDirs(f, top, opts) {
					paths[d] = true
				}
				if p := str(at(top, "spec", "path")); p != "" {
					pathsWritten = append(pathsWritten, writtenPath{path: strings.TrimPrefix(path.Clean(p), "/"), dir: f.Dir})
				}
				if !ofThisTree(top) {
					// Built from an OCI artifact or a bucket: its path is
					// not a directory of this tree.
					continue
				}
				if at(top, "spec", "postBuild") != nil {
					ks = append(ks, found{f, top})
				}
				placements = append(placements, placementOf(f, top, opts))
			case api == "v1" && (kind == "ConfigMap" || kind == "Secret"):
				src := readSource(kind, top)
				src.dir, src.unit, src.adds, src.unknown = f.Dir, f.Unit, f.AddsData, f.DataUnknown
				sources = append(sources, src)
			case isController(top) && f.Range != nil:
				built = append(built, controllerMode(f, top))
			case isController(top):
				written = append(written, controllerMode(f, top))
			}
		}
	}
	sources = addData(sources)
	s := &Set{paths: paths, written: pathsWritten, placements: placements}
	mode := treeMode(built, written)
	for _, k := range ks {
		kz := build(k.f, k.top, sources, opts)
		kz.strict = mode
		s.ks = append(s.ks, kz)
	}
	return s
}

// Reads reports whether Find reads the YAML data at all: whether it may
// hold a Flux Kustomization, a ConfigMap or Secret one substitutes from,
// or the kustomize-controller. Find parses nothing else (and nothing at
// all without a Flux Kustomization among its files: MayHoldKustomization),
// so a caller need not decode the documents of other YAML for it.
func Reads(data []byte) bool {
	return bytes.Contains(data, []byte(Group)) || bytes.Contains(data, []byte("ConfigMap")) || bytes.Contains(data, []byte("Secret")) || bytes.Contains(data, []byte(controllerName))
}

// MayHoldKustomization reports whether the YAML data may hold a Flux
// Kustomization: without one among its files, Find finds nothing.
func MayHoldKustomization(data []byte) bool { return bytes.Contains(data, []byte(Group)) }

func readSource(kind string, top *yaml.Node) source {
	s := source{kind: kind, name: str(at(top, "metadata", "name")), namespace: str(at(top, "metadata", "namespace")), data: map[string]string{}}
	if kind == "ConfigMap" {
		eachPair(at(top, "data"), func(k, v string) { s.data[k] = v })
		return s
	}
	s.sealed = at(top, "sops") != nil
	eachPair(at(top, "data"), func(k, v string) {
		b, err := base64.StdEncoding.DecodeString(v)
		if err != nil {
			s.sealed = true
			return
		}
		s.data[k] = string(b)
	})
	eachPair(at(top, "stringData"), func(k, v string) { s.data[k] = v })
	return s
}

// addData joins the data each source that adds its keys to another
// (kubernetes_config_map_v1_data) writes into the sources of its kind,
// name and namespace that the same Terraform root makes, else into every
// one of them, as the cluster then holds it: its keys taking over theirs,
// data known only at apply making theirs unknown too. One with no such
// source stands alone (the ConfigMap is made outside the tree).
func addData(sources []source) []source {
	var out, adds []source
	for _, s := range sources {
		if s.adds {
			adds = append(adds, s)
		} else {
			out = append(out, s)
		}
	}
	for _, a := range adds {
		var into, sameUnit []int
		for i, s := range out {
			if s.adds || s.kind != a.kind || s.name != a.name || s.namespace != a.namespace {
				continue
			}
			into = append(into, i)
			if s.unit == a.unit {
				sameUnit = append(sameUnit, i)
			}
		}
		if len(sameUnit) > 0 {
			into = sameUnit
		}
		if len(into) == 0 {
			out = append(out, a)
			continue
		}
		for _, i := range into {
			data := maps.Clone(out[i].data)
			maps.Copy(data, a.data)
			out[i].data = data
			out[i].unknown = out[i].unknown || a.unknown
		}
	}
	return out
}

// lookup finds a source by kind and name in namespace ns: the one in ns,
// else the single one whose namespace is not written (set at apply
// time), or any single one when ns is not written.
//
// Of several in ns, the one written nearest dir (the Kustomization's
// directory) is taken; two equally near that hold different data (two
// Terraform roots, one per cluster, each writing its own "cluster-vars")
// are not told apart: which the cluster has is not known, so what they
// have in common is taken, marked ambiguous (common).
func lookup(sources []source, kind, name, ns, dir string) *source {
	var exact, loose []*source
	for i := range sources {
		c := &sources[i]
		if c.kind != kind || c.name != name {
			continue
		}
		if c.namespace == ns {
			exact = append(exact, c)
			continue
		}
		if c.namespace == "" || ns == "" {
			loose = append(loose, c)
		}
	}
	if len(exact) > 0 {
		// The one written nearest the Kustomization (a cluster's own
		// directory, clusters/prod beside clusters/staging) is its
		// cluster's; among equally near ones, only the same data.
		near := nearest(exact, dir)
		for _, c := range near[1:] {
			if c.sealed != near[0].sealed || c.unknown != near[0].unknown || !maps.Equal(c.data, near[0].data) {
				return common(near)
			}
		}
		return near[0]
	}
	if len(loose) == 1 {
		return loose[0]
	}
	return nil
}

// common is the source several that differ have in common: the keys
// every one holds with one value, ambiguous (any other key may be
// defined); sealed, or its data unknown, when one is.
func common(cs []*source) *source {
	out := &source{kind: cs[0].kind, name: cs[0].name, namespace: cs[0].namespace, data: map[string]string{}, ambiguous: true}
	for k, v := range cs[0].data {
		same := true
		for _, c := range cs[1:] {
			if w, ok := c.data[k]; !ok || w != v {
				same = false
				break
			}
		}
		if same {
			out.data[k] = v
		}
	}
	for _, c := range cs {
		out.sealed = out.sealed || c.sealed
		out.unknown = out.unknown || c.unknown
	}
	return out
}

// nearest are the sources of cs whose directory shares the longest
// leading path with dir, in order.
func nearest(cs []*source, dir string) []*source {
	shared := func(a, b string) int {
		as, bs := strings.Split(filepath.Clean(a), string(filepath.Separator)), strings.Split(filepath.Clean(b), string(filepath.Separator))
		n := 0
		for n < len(as) && n < len(bs) && as[n] == bs[n] {
			n++
		}
		return n
	}
	best := -1
	var out []*source
	for _, c := range cs {
		switch n := shared(c.dir, dir); {
		case n > best:
			best, out = n, []*source{c}
		case n == best:
			out = append(out, c)
		}
	}
	return out
}

func build(f File, top *yaml.Node, sources []source, opts Options) *Kustomization {
	name, ns := str(at(top, "metadata", "name")), str(at(top, "metadata", "namespace"))
	q := name
	if ns != "" {
		q = ns + "/" + name
	}
	pb := at(top, "spec", "postBuild")
	k := &Kustomization{Label: "Flux Kustomization " + q, vars: map[string]string{}, holes: opts.Holes, seenHoles: map[string]bool{}, seenEmpty: map[string]bool{}}
	k.Range = rangeOf(f, keyOf(at(top, "spec"), "postBuild"))
	k.Dirs = placedDirs(f, top, opts)
	for _, ref := range items(at(pb, "substituteFrom")) {
		kind, rname := str(at(ref, "kind")), str(at(ref, "name"))
		src := lookup(sources, kind, rname, ns, f.Dir)
		if src == nil || src.sealed || src.ambiguous || src.unknown {
			// Not in the tree (or unreadable), several that differ, or
			// data known only at apply: it may define any variable,
			// overriding those before it.
			k.open = true
			k.vars = map[string]string{}
			what := kind + " " + rname + " outside the scanned tree"
			switch {
			case src == nil:
			case src.unknown:
				what = kind + " " + rname + " (its data known only at apply)"
			case src.ambiguous:
				what = kind + " " + rname + " (the tree holds several that differ)"
			case src.sealed:
				what = kind + " " + rname + " (encrypted)"
			}
			k.missing = append(k.missing, what)
			if src == nil || src.sealed {
				continue
			}
		}
		for key, v := range src.data {
			k.vars[key] = strings.ReplaceAll(v, "\n", "")
		}
	}
	eachPair(at(pb, "substitute"), func(key, v string) { k.vars[key] = strings.ReplaceAll(v, "\n", "") })
	for v := range k.vars {
		if !varName.MatchString(v) {
			k.bad = v
		}
	}
	k.run = len(k.vars) > 0 || k.open || str(at(pb, "substituteStrategy")) == "Always"
	return k
}

// pathDirs are the absolute directories the spec.path of the Flux
// Kustomization top (in f) resolves to: against each base of f's
// directory (Options.Bases), the repository root "." when unset.
func pathDirs(f File, top *yaml.Node, opts Options) []string {
	p := str(at(top, "spec", "path"))
	if p == "" {
		p = "."
	}
	var dirs []string
	if opts.Bases != nil {
		for _, b := range opts.Bases(f.Dir) {
			d := filepath.Clean(filepath.Join(b, filepath.FromSlash(p)))
			if !slices.Contains(dirs, d) {
				dirs = append(dirs, d)
			}
		}
	}
	return dirs
}

// Builds reports whether a Flux Kustomization of the tree builds the
// directory abs (its spec.path): kustomize-controller builds it without
// kustomize's root-only load restriction. The path is relative to the
// root of the source the Kustomization names, which the tree may hold
// below the repository's root (a Flux configuration copied into a
// directory of another repository): a path resolved against any
// directory above the Kustomization's own file counts too.
func (s *Set) Builds(abs string) bool {
	if s == nil {
		return false
	}
	abs = filepath.Clean(abs)
	if s.paths[abs] {
		return true
	}
	for _, w := range s.written {
		if w.path == "." || strings.HasPrefix(w.path, "..") {
			continue
		}
		base, ok := strings.CutSuffix(abs, string(filepath.Separator)+filepath.FromSlash(w.path))
		if ok && base != "" && treefs.Within(base, w.dir) {
			return true
		}
	}
	return false
}

// BuildsWithin reports whether a Flux Kustomization of the tree builds
// the kustomization in abs as part of its path (Builds) or below a path
// that holds no kustomization file: kustomize-controller then generates
// one listing each directory below it that holds one, without descending
// further (fluxcd/pkg kustomize generator), and builds it without the
// root-only load restriction. hasKustomization says whether a directory
// holds a kustomization file; a directory between that holds one is what
// Flux lists instead, so abs is built only if that one lists it.
func (s *Set) BuildsWithin(abs string, hasKustomization func(dir string) bool) bool {
	if s == nil {
		return false
	}
	abs = filepath.Clean(abs)
	if s.Builds(abs) {
		return true
	}
	for d := filepath.Dir(abs); ; d = filepath.Dir(d) {
		if hasKustomization(d) {
			return false
		}
		if s.Builds(d) {
			return true
		}
		if filepath.Dir(d) == d {
			return false
		}
	}
}

// For is the Kustomization whose path holds the file or kustomization
// root at abs: the deepest path, the first written among equals; nil
// when none.
func (s *Set) For(abs string) *Kustomization {
	if s == nil {
		return nil
	}
	var best *Kustomization
	depth := -1
	for _, k := range s.ks {
		for _, d := range k.Dirs {
			if (abs == d || strings.HasPrefix(abs, d+string(filepath.Separator))) && len(d) > depth {
				best, depth = k, len(d)
			}
		}
	}
	return best
}

// ofThisTree reports whether the Flux Kustomization top builds a Git
// source (spec.sourceRef.kind GitRepository, the kind a repository's own
// Flux configuration syncs): an OCIRepository or Bucket source is an
// artifact from elsewhere, whose spec.path names none of the tree's
// directories.
func ofThisTree(top *yaml.Node) bool {
	switch str(at(top, "spec", "sourceRef", "kind")) {
	case "OCIRepository", "Bucket", "ExternalArtifact":
		return false
	}
	return true
}

// placementOf is the placement of the Flux Kustomization top in f. A
// targetNamespace that is not a namespace name as written (a ${VAR} a
// Kustomization above substitutes) gives none.
func placementOf(f File, top *yaml.Node, opts Options) placement {
	pl := placement{dirs: placedDirs(f, top, opts)}
	if ps := items(at(top, "spec", "patches")); len(ps) > 0 {
		q := str(at(top, "metadata", "name"))
		if n := str(at(top, "metadata", "namespace")); n != "" {
			q = n + "/" + q
		}
		pl.patched = &lint.Note{Kind: lint.Skipped, Range: rangeOf(f, keyOf(at(top, "spec"), "patches")),
			What: fmt.Sprintf("Flux Kustomization %s: its spec.patches (%d) are not applied; what it deploys is read as its path holds it", q, len(ps))}
		pl.patches = patchesOf(f, ps)
	}
	ns := str(at(top, "spec", "targetNamespace"))
	if ns == "" || !namespaceName.MatchString(ns) {
		return pl
	}
	q := str(at(top, "metadata", "name"))
	if n := str(at(top, "metadata", "namespace")); n != "" {
		q = n + "/" + q
	}
	n := at(top, "spec", "targetNamespace")
	rng := lint.Range{File: f.Rel, Line: n.Line, Column: n.Column, EndLine: n.Line, EndColumn: n.Column + len(ns)}
	if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
		rng.EndColumn += 2
	}
	if f.Range != nil {
		rng = f.Range(rng, ns)
	}
	pl.target = Target{Namespace: ns, Label: "Flux Kustomization " + q, Range: rng}
	return pl
}

// patchesOf reads the entries of a spec.patches (ps) in f; nil when one
// of them is not a patch kustomize-controller can append (no patch text,
// a target that is not a mapping): none is applied then.
func patchesOf(f File, ps []*yaml.Node) []Patch {
	var out []Patch
	for _, it := range ps {
		n, target := at(it, "patch"), at(it, "target")
		if str(n) == "" || (target != nil && target.Kind != yaml.MappingNode) {
			return nil
		}
		p := Patch{Text: n.Value, Target: target, At: rangeOf(f, n)}
		if f.Range == nil && n.Style&yaml.LiteralStyle != 0 {
			p.Traced, p.Line, p.Column = true, n.Line, yamlpos.Indent(f.Data, n.Line+1)
		}
		out = append(out, p)
	}
	return out
}

// PatchesAt are the spec.patches of the Flux Kustomizations whose path is
// the kustomization directory dir, when every Kustomization building dir
// writes the same ones (several writing different patches deploy
// different objects: what dir holds is read as written, with their
// notes). Those returned are applied: their notes go.
func (s *Set) PatchesAt(dir string) []Patch {
	if s == nil {
		return nil
	}
	var at []int
	for i, pl := range s.placements {
		if slices.Contains(pl.dirs, dir) {
			at = append(at, i)
		}
	}
	if len(at) == 0 || s.placements[at[0]].patches == nil {
		return nil
	}
	first := s.placements[at[0]].patches
	for _, i := range at[1:] {
		if !samePatches(first, s.placements[i].patches) {
			return nil
		}
	}
	for _, i := range at {
		s.placements[i].applied = true
	}
	return first
}

// samePatches reports whether two spec.patches write the same patches.
func samePatches(a, b []Patch) bool {
	return slices.EqualFunc(a, b, func(x, y Patch) bool {
		return x.Text == y.Text && nodeText(x.Target) == nodeText(y.Target)
	})
}

// nodeText is n encoded ("" for nil).
func nodeText(n *yaml.Node) string {
	if n == nil {
		return ""
	}
	out, err := yaml.Marshal(n)
	if err != nil {
		return ""
	}
	return string(out)
}

// placedDirs are the directories a placement covers: its path resolved
// against the bases (pathDirs) and, for a path naming a directory below
// the source's root, against every directory above the Kustomization's
// own file — the tree may hold the synced repository below the scan
// root (a gitops/ directory), where a path resolved against the scan
// root alone names nothing and a deeper Kustomization would lose to a
// shallower one. The source's root itself ("./") is resolved against
// the bases only.
func placedDirs(f File, top *yaml.Node, opts Options) []string {
	dirs := pathDirs(f, top, opts)
	p := strings.TrimPrefix(path.Clean(str(at(top, "spec", "path"))), "/")
	if p == "." || p == "" || strings.HasPrefix(p, "..") {
		return dirs
	}
	for d := filepath.Clean(f.Dir); ; d = filepath.Dir(d) {
		c := filepath.Join(d, filepath.FromSlash(p))
		if !slices.Contains(dirs, c) {
			dirs = append(dirs, c)
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	return dirs
}

// namespaceName is a namespace name (an RFC 1123 label).
var namespaceName = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$`)

// TargetNamespace is the namespace the Flux Kustomization deploying the
// file or kustomization root at abs places its objects in: that of the
// Kustomization with the deepest path holding abs, when it sets
// spec.targetNamespace. Kustomizations of that one path that disagree
// (one sets a namespace, another none or another: a Kustomization of
// another repository's source naming a directory alike) place it in
// none faultline can tell.
func (s *Set) TargetNamespace(abs string) (Target, bool) {
	if s == nil {
		return Target{}, false
	}
	var best Target
	depth, disagree := -1, false
	for _, pl := range s.placements {
		for _, d := range pl.dirs {
			if abs != d && !strings.HasPrefix(abs, d+string(filepath.Separator)) {
				continue
			}
			switch {
			case len(d) > depth:
				best, depth, disagree = pl.target, len(d), false
			case len(d) == depth && pl.target.Namespace != best.Namespace:
				disagree = true
			}
		}
	}
	if disagree {
		return Target{}, false
	}
	return best, best.Namespace != ""
}

// Diagnostic is a substitution that fails the Kustomization's build.
type Diagnostic struct {
	Line int // 1-based, in the data substituted
	// Column and EndColumn (1-based, characters) are the placeholder's on
	// Line; 0 for the whole line.
	Column, EndColumn int
	Summary           string
	Detail            string
}

// Apply substitutes data (YAML documents) as k's post-build does, line
// by line, leaving documents that opt out and comment lines alone. The
// result has as many lines as data.
func (k *Kustomization) Apply(data []byte) ([]byte, []Diagnostic) {
	if k == nil || !k.run || !bytes.Contains(data, []byte("$")) {
		return data, nil
	}
	if k.bad != "" {
		return data, []Diagnostic{{Line: 1, Summary: "Flux post-build substitution fails", Detail: fmt.Sprintf("%s: variable name %q is invalid, must match %s", k.Label, k.bad, varName)}}
	}
	lines := strings.SplitAfter(string(data), "\n")
	var out strings.Builder
	var diags []Diagnostic
	start := 0
	flush := func(end int) {
		doc := lines[start:end]
		if !optedOut(strings.Join(doc, "")) {
			for i, l := range doc {
				if t := strings.TrimSpace(l); strings.HasPrefix(t, "#") || !strings.Contains(l, "$") {
					continue
				}
				r, err := envsubst.Eval(l, k.lookup)
				if err == nil {
					k.undefined(l)
				}
				if err != nil {
					diags = append(diags, k.failure(start+i+1, l, err))
					if r, ok := k.holed(l); ok {
						doc[i] = r
					}
					continue
				}
				doc[i] = r
			}
		}
		for _, l := range doc {
			out.WriteString(l)
		}
		start = end
	}
	for i, l := range lines {
		if i > start && isSeparator(l) {
			flush(i)
		}
	}
	flush(len(lines))
	return []byte(out.String()), diags
}

// lookup is the value of variable v: known, a hole when a source
// outside the tree may define it, else the empty string.
func (k *Kustomization) lookup(v string) (string, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if val, ok := k.vars[v]; ok {
		return val, true
	}
	if k.open {
		k.seenHoles[v] = true
		return k.holes.Sentinel(lint.HoleRef{Object: k.Label, Path: v}), true
	}
	// Defined nowhere: strict substitution fails the build (unless the
	// expression supplies a fallback), else it is the empty string.
	return "", k.strict.verdict() != lint.Yes
}

// failure is the diagnostic of line (1-based) l whose substitution failed
// with err: at the failing variable's placeholder when err names one
// (strict substitution), else at the line.
func (k *Kustomization) failure(line int, l string, err error) Diagnostic {
	d := Diagnostic{Line: line, Summary: "Flux post-build substitution fails", Detail: k.Label + ": " + err.Error()}
	if name, ok := unsetVariable(err); ok {
		d.Detail = k.Label + ": envsubst error: variable substitution failed: " + err.Error() +
			"; kustomize-controller applies nothing of this Kustomization (" + k.strict.why + "). Define " + name + " in spec.postBuild.substitute or a substituteFrom source, or give it a default (${" + name + ":=value})"
		if i := placeholderAt(l, name); i >= 0 {
			d.Column = utf8.RuneCountInString(l[:i]) + 1
			d.EndColumn = d.Column + utf8.RuneCountInString(placeholderText(l[i:], name))
		}
	}
	return d
}

// unsetVariable is the variable envsubst's strict mode reports unset in
// err (`variable not set (strict mode): "NAME"`).
func unsetVariable(err error) (string, bool) {
	_, quoted, ok := strings.Cut(err.Error(), "(strict mode): ")
	if !ok {
		return "", false
	}
	name, uerr := strconv.Unquote(quoted)
	return name, uerr == nil && varName.MatchString(name)
}

// placeholderAt is the byte index in l of the first placeholder of
// variable name (${name…} or $name), -1 when none is found.
func placeholderAt(l, name string) int {
	for i := strings.Index(l, "$"); i >= 0 && i < len(l); {
		rest := l[i+1:]
		switch {
		case strings.HasPrefix(rest, "$"):
			i += 2 // $$ escapes
			if j := strings.Index(l[i:], "$"); j >= 0 {
				i += j
				continue
			}
			return -1
		case strings.HasPrefix(rest, "{"+name) || strings.HasPrefix(rest, name):
			return i
		}
		j := strings.Index(rest, "$")
		if j < 0 {
			return -1
		}
		i += 1 + j
	}
	return -1
}

// placeholderText is the placeholder at the start of s: ${…} up to its
// closing brace, or $name.
func placeholderText(s, name string) string {
	if strings.HasPrefix(s, "${") {
		if j := strings.Index(s, "}"); j >= 0 {
			return s[:j+1]
		}
		return s
	}
	return "$" + name
}

// holed substitutes l with every variable defined nowhere as a hole: the
// text of a build strict substitution refuses, so that nothing is judged
// on it; ok is false when l cannot be substituted at all.
func (k *Kustomization) holed(l string) (string, bool) {
	if k.strict.verdict() != lint.Yes || k.holes == nil {
		return "", false
	}
	r, err := envsubst.Eval(l, func(v string) (string, bool) {
		if val, ok := k.vars[v]; ok {
			return val, true
		}
		return k.holes.Sentinel(lint.HoleRef{Object: k.Label, Path: v}), true
	})
	return r, err == nil
}

// undefined records the variables of line l that are defined nowhere and
// have no default: those Flux substitutes with the empty string (and
// strict substitution refuses), found by evaluating l strictly with each
// variable that k does not define missing in turn.
func (k *Kustomization) undefined(l string) {
	if k.open {
		return
	}
	var missing []string
	envsubst.Eval(l, func(v string) (string, bool) {
		if _, ok := k.vars[v]; !ok {
			missing = append(missing, v)
		}
		return "", true
	})
	for _, m := range missing {
		_, err := envsubst.Eval(l, func(v string) (string, bool) { return "", v != m })
		if err != nil {
			k.mu.Lock()
			k.seenEmpty[m] = true
			k.mu.Unlock()
		}
	}
}

// Note is the one coverage note of k, nil when every variable it met was
// known.
func (k *Kustomization) Note() *lint.Note {
	if k == nil {
		return nil
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if len(k.seenHoles)+len(k.seenEmpty) == 0 {
		return nil
	}
	var parts []string
	if n := len(k.seenHoles); n > 0 {
		parts = append(parts, fmt.Sprintf("%d variable(s) left unknown (%s), which %s may define", n, names(k.seenHoles), strings.Join(k.missing, ", ")))
	}
	if n := len(k.seenEmpty); n > 0 {
		why := "with the StrictPostBuildSubstitutions feature gate, on by default from v1.9, the build fails"
		if k.strict.known {
			why = k.strict.why
		}
		parts = append(parts, fmt.Sprintf("%d variable(s) defined nowhere (%s) substituted with the empty string, as kustomize-controller does without strict substitution (%s)", n, names(k.seenEmpty), why))
	}
	return &lint.Note{Kind: lint.Unresolved, Range: k.Range, What: k.Label + " post-build substitution: " + strings.Join(parts, "; ")}
}

// Notes are the notes of every Kustomization of the set.
func (s *Set) Notes() []lint.Note {
	if s == nil {
		return nil
	}
	var out []lint.Note
	for _, k := range s.ks {
		if n := k.Note(); n != nil {
			out = append(out, *n)
		}
	}
	for _, pl := range s.placements {
		if pl.patched != nil && !pl.applied {
			out = append(out, *pl.patched)
		}
	}
	return out
}

func names(m map[string]bool) string {
	var out []string
	for v := range m {
		out = append(out, v)
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

// optedOut reports whether a document carries the opt-out label or
// annotation.
func optedOut(doc string) bool {
	if !strings.Contains(doc, optOut) {
		return false
	}
	var n yaml.Node
	if yaml.Unmarshal([]byte(doc), &n) != nil {
		return false
	}
	top := body(&n)
	return str(at(top, "metadata", "labels", optOut)) == "disabled" || str(at(top, "metadata", "annotations", optOut)) == "disabled"
}

// isSeparator reports whether a line starts a YAML document.
func isSeparator(l string) bool {
	if !strings.HasPrefix(l, "---") {
		return false
	}
	rest := strings.TrimRight(l[3:], "\r\n")
	return rest == "" || rest[0] == ' ' || rest[0] == '\t'
}

func parse(data []byte) []*yaml.Node {
	var out []*yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for {
		var n yaml.Node
		if dec.Decode(&n) != nil {
			return out
		}
		out = append(out, &n)
	}
}

func rangeOf(f File, n *yaml.Node) lint.Range {
	r := lint.Range{File: f.Rel, Line: 1, Column: 1, EndLine: 1, EndColumn: 1}
	if n != nil {
		r = lint.Range{File: f.Rel, Line: n.Line, Column: n.Column, EndLine: n.Line, EndColumn: n.Column}
	}
	if f.Range != nil {
		r = f.Range(r, "")
	}
	return r
}

func body(doc *yaml.Node) *yaml.Node {
	if doc != nil && doc.Kind == yaml.DocumentNode && len(doc.Content) == 1 {
		doc = doc.Content[0]
	}
	if doc == nil || doc.Kind != yaml.MappingNode {
		return nil
	}
	return doc
}

func at(n *yaml.Node, keys ...string) *yaml.Node {
	for _, k := range keys {
		if n == nil || n.Kind != yaml.MappingNode {
			return nil
		}
		var next *yaml.Node
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == k {
				next = n.Content[i+1]
			}
		}
		n = next
	}
	return n
}

// keyOf is the key node of key in mapping n.
func keyOf(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	var k *yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			k = n.Content[i]
		}
	}
	return k
}

func str(n *yaml.Node) string {
	if n == nil || n.Kind != yaml.ScalarNode {
		return ""
	}
	return n.Value
}

func items(n *yaml.Node) []*yaml.Node {
	if n == nil || n.Kind != yaml.SequenceNode {
		return nil
	}
	return n.Content
}

func eachPair(n *yaml.Node, f func(k, v string)) {
	if n == nil || n.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i+1].Kind == yaml.ScalarNode {
			f(n.Content[i].Value, n.Content[i+1].Value)
		}
	}
}
