package kube

import (
	"bytes"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash/adler32"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// Crossplane Compositions rendered statically. A Composition
// (apiextensions.crossplane.io/v1) in legacy mode (spec.resources with
// patches and patchSets) or in Pipeline mode with function-patch-and-
// transform input is rendered once for every XR or Claim in the tree that
// selects it, and once with every patched field unknown when nothing in the
// tree selects it. Composed resources are read like top-level managed
// resources; their positions are in the composition file, a patched field
// pointing at its patch.

// File is one YAML file of the scanned tree, for RenderCompositions.
type File struct {
	// Rel is the path reported in ranges.
	Rel  string
	Data []byte
	// Scope is the AWS / cluster scope configured for the file.
	Scope lint.Scope
	// Map, when set, maps ranges in Data to their source (Data is a
	// kustomization's output, a rendered chart, YAML embedded in
	// Terraform), as Options.MapRange does; Source then marks what is
	// read from it.
	Map    func(r lint.Range, text string) lint.Range
	Source lint.Source
	// Inferred is copied to what is composed from the file's documents
	// (a chart rendered with its defaults).
	Inferred []string
	// Parsed, when set, is every document of Data as ParseDocs returned
	// them: they are read instead of decoding Data again, and only read.
	Parsed []*yaml.Node
}

// appendNew appends the strings of add that list does not hold.
func appendNew(list []string, add ...string) []string {
	for _, a := range add {
		if !slices.Contains(list, a) {
			list = append(list, a)
		}
	}
	return list
}

// maxRenderNodes bounds how many YAML nodes one rendering of a composition
// copies (values grafted from an XR or Claim, containers patches write
// into): alias bombs and huge fan-out stop there.
const maxRenderNodes = 1 << 16

// maxPatchIndex bounds the array index a patch may write.
const maxPatchIndex = 1024

const (
	xpGroup   = "apiextensions.crossplane.io"
	ptGroup   = "pt.fn.crossplane.io"
	noClaimTx = "composition rendered without a claim: patched fields unknown"
)

// ReadsParsed reports whether RenderCompositions reads a file's parsed
// documents (File.Parsed) for the compositions and definitions in it, or
// for the packages and runtime configs (revisionAccounts): the text names
// Crossplane's API group or its packages' group. Other files are read, if at all, as
// claims, rarely and small: keeping their documents would hold every
// manifest's parse until compositions render.
func ReadsParsed(data []byte) bool {
	return bytes.Contains(data, []byte(xpGroup)) || namesPackages(data)
}

// RenderCompositions renders the Crossplane Compositions found in files
// with the XRs and Claims found in them: it returns the composed resources
// as model entities and FL000 diagnostics for what cannot be rendered
// (an unsupported transform or patch type, a malformed patch), each at its
// position in the composition file. It reads only files that mention
// apiextensions.crossplane.io (Compositions, XRDs) and files that may hold
// an XR or Claim of a known type. opts apply to every file; a file's own
// Scope fills in opts.Scope. opts.Notes, when set, receives a coverage note
// for each Pipeline step whose function is not rendered.
func RenderCompositions(files []File, opts Options) ([]lint.Entity, []lint.Diagnostic) {
	c := Compose(files, opts)
	return c.Entities, c.Diagnostics
}

// Composed is what Compose gives: RenderCompositions' entities and
// diagnostics, and the marks of the files it read.
type Composed struct {
	Entities    []lint.Entity
	Diagnostics []lint.Diagnostic
	// Marks say which files the rendering read (InputMarks.Reads): the
	// result depends on those files alone (their names, text, scopes,
	// sources and position maps) and on the options.
	Marks InputMarks
}

// InputMarks mark the files a rendering reads: every file naming
// Crossplane's API group (ReadsParsed), and, once compositions were
// found, every file that may hold an XR or Claim: a composition
// reference, or a kind line ("kind: K", quoted or not) of a kind the
// compositions and definitions name.
type InputMarks struct {
	// Inputs says compositions were found, so that XRs and Claims were
	// looked for; Kinds are the kinds looked for, sorted.
	Inputs bool
	Kinds  []string
}

// Reads reports whether a rendering with these marks reads a file of
// text data.
func (m InputMarks) Reads(data []byte) bool {
	return ReadsParsed(data) || m.MayHoldInput(data)
}

// MayHoldInput reports whether a rendering with these marks looks for XRs
// and Claims in a file of text data (Reads, for a file ReadsParsed does
// not mark).
func (m InputMarks) MayHoldInput(data []byte) bool {
	return m.Inputs && m.mayHoldInput(data)
}

var (
	compositionMark = []byte("composition")
	kindLineMark    = []byte("kind: ")
)

// mayHoldInput reports whether data holds a composition reference
// ("compositionRef", "compositionSelector") or a kind line of one of
// m.Kinds: "kind: " followed by the kind bare, in double or in single
// quotes. It scans data once for each of "composition" and "kind: "
// (neither can overlap itself, so no occurrence is skipped) instead of
// once per reference, kind and quote.
func (m InputMarks) mayHoldInput(data []byte) bool {
	for rest := data; ; {
		i := bytes.Index(rest, compositionMark)
		if i < 0 {
			break
		}
		rest = rest[i+len(compositionMark):]
		if bytes.HasPrefix(rest, []byte("Ref")) || bytes.HasPrefix(rest, []byte("Selector")) {
			return true
		}
	}
	for rest := data; ; {
		i := bytes.Index(rest, kindLineMark)
		if i < 0 {
			return false
		}
		rest = rest[i+len(kindLineMark):]
		for _, k := range m.Kinds {
			if quotedKind(rest, k) {
				return true
			}
		}
	}
}

// quotedKind reports whether text starts with kind bare, or in double or
// single quotes.
func quotedKind(text []byte, kind string) bool {
	for _, q := range []string{"", `"`, "'"} {
		if !bytes.HasPrefix(text, []byte(q)) {
			continue
		}
		t := text[len(q):]
		if bytes.HasPrefix(t, []byte(kind)) && bytes.HasPrefix(t[len(kind):], []byte(q)) {
			return true
		}
	}
	return false
}

// Compose is RenderCompositions, and says which files it read.
func Compose(files []File, opts Options) Composed {
	r := &renderer{
		files:     files,
		opts:      opts,
		docs:      make([][]*doc, len(files)),
		loaded:    make([]bool, len(files)),
		claims:    map[string]*xrd{},
		xrs:       map[string]*xrd{},
		types:     map[string]bool{},
		inputKeys: map[string]bool{},
	}
	for i, f := range files {
		if !ReadsParsed(f.Data) {
			continue
		}
		for _, d := range r.load(i) {
			if lint.GroupOf(d.apiVersion) != xpGroup {
				continue
			}
			switch d.kind {
			case "CompositeResourceDefinition":
				r.addXRD(d)
			case "Composition":
				r.addComposition(d)
			}
		}
	}
	r.out = r.revisionAccounts()
	if len(r.comps) == 0 {
		return Composed{Entities: r.out, Diagnostics: r.diags}
	}
	// Files that may hold an XR or Claim: a kind line of a known type, or
	// a composition reference.
	kinds := map[string]bool{}
	for _, m := range []map[string]bool{r.types, keys(r.claims), keys(r.xrs)} {
		for key := range m {
			kinds[key[strings.LastIndex(key, "/")+1:]] = true
		}
	}
	marks := InputMarks{Inputs: true, Kinds: slices.Sorted(maps.Keys(kinds))}
	var inputs []*xrInput
	for i, f := range files {
		if !marks.mayHoldInput(f.Data) {
			continue
		}
		for _, d := range r.load(i) {
			if x := r.input(d); x != nil {
				inputs = append(inputs, x)
			}
		}
	}
	used := map[*composition]bool{}
	for _, x := range inputs {
		r.renderInput(x, used, nil)
	}
	for _, c := range r.comps {
		if !used[c] {
			r.render(c, nil, 1)
		}
	}
	return Composed{Entities: r.out, Diagnostics: r.diags, Marks: marks}
}

func keys[V any](m map[string]V) map[string]bool {
	out := make(map[string]bool, len(m))
	for k := range m {
		out[k] = true
	}
	return out
}

// renderer holds one RenderCompositions run.
type renderer struct {
	files  []File
	opts   Options
	docs   [][]*doc
	loaded []bool
	// budget and owned belong to the rendering under way: the node budget
	// left, and the containers it has copied (patches write only into
	// those; the rest of a base is shared).
	budget int
	owned  map[*yaml.Node]bool

	comps []*composition
	// claims and xrs index XRDs by "group/kind" of their claim and XR;
	// types holds the compositeTypeRef of every composition.
	claims, xrs map[string]*xrd
	types       map[string]bool
	// inputKeys are the address parts of the inputs found so far.
	inputKeys map[string]bool

	out   []lint.Entity
	diags []lint.Diagnostic
	// notedComposed are the composition resources noted as not read
	// (unreadComposed), by file, document and name.
	notedComposed map[string]bool
}

// load decodes a file's documents once; a syntax error ends the file (the
// per-file Parse reports it).
func (r *renderer) load(i int) []*doc {
	if r.loaded[i] {
		return r.docs[i]
	}
	r.loaded[i] = true
	f := r.files[i]
	if len(f.Data) > MaxFileSize {
		return nil
	}
	o := r.opts
	o.Scope = f.Scope.Merge(r.opts.Scope)
	if f.Map != nil {
		o.MapRange, o.Source = memoMap(f.Map), f.Source
	}
	o.Inferred = appendNew(append([]string(nil), r.opts.Inferred...), f.Inferred...)
	if f.Parsed != nil {
		for idx, root := range f.Parsed {
			if d, ok := newDoc(f.Rel, idx, root, &o); ok {
				r.docs[i] = append(r.docs[i], d)
			}
		}
		return r.docs[i]
	}
	_, data := tooDeep(f.Rel, f.Data, &o)
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for idx := 0; ; idx++ {
		var root yaml.Node
		if err := decode(dec, &root); err != nil {
			break
		}
		if d, ok := newDoc(f.Rel, idx, &root, &o); ok {
			r.docs[i] = append(r.docs[i], d)
		}
	}
	return r.docs[i]
}

// memoMap is m answering each question once: a rendering asks the
// position of one patch or base field once per XR or Claim it renders,
// and a position map (a kustomization's) may walk its output to answer.
// A position map is a function of its question, so the answers are
// those m gives. The rendering is not concurrent: no lock.
func memoMap(m func(lint.Range, string) lint.Range) func(lint.Range, string) lint.Range {
	type question struct {
		r    lint.Range
		text string
	}
	answers := map[question]lint.Range{}
	return func(r lint.Range, text string) lint.Range {
		q := question{r, text}
		if a, ok := answers[q]; ok {
			return a
		}
		a := m(r, text)
		answers[q] = a
		return a
	}
}

func (r *renderer) diag(d *doc, n *yaml.Node, summary, detail string) {
	if n == nil {
		n = d.kindNode
	}
	r.diags = append(r.diags, lint.Diagnostic{Range: d.rangeOf(n), Summary: summary, Detail: detail})
}

// xrd is a CompositeResourceDefinition: the XR and claim types it defines,
// its schemas (for defaults) and default compositions.
type xrd struct {
	d                   *doc
	group, kind, claim  string
	defaultComp, forced string
	schemas             map[string]*yaml.Node
	firstVersion        string
}

func (r *renderer) addXRD(d *doc) {
	x := &xrd{d: d, schemas: map[string]*yaml.Node{}}
	x.group = textAt(d.root, "spec", "group")
	x.kind = textAt(d.root, "spec", "names", "kind")
	x.claim = textAt(d.root, "spec", "claimNames", "kind")
	x.defaultComp = textAt(d.root, "spec", "defaultCompositionRef", "name")
	x.forced = textAt(d.root, "spec", "enforcedCompositionRef", "name")
	_, vs := path(d.root, "spec", "versions")
	for _, v := range items(vs) {
		name := textAt(v, "name")
		_, s := path(v, "schema", "openAPIV3Schema")
		if name == "" || s == nil {
			continue
		}
		if x.firstVersion == "" {
			x.firstVersion = name
		}
		x.schemas[name] = s
	}
	if x.group == "" || x.kind == "" {
		return
	}
	r.xrs[x.group+"/"+x.kind] = x
	if x.claim != "" {
		r.claims[x.group+"/"+x.claim] = x
	}
}

// textAt is the scalar text at a key path.
func textAt(n *yaml.Node, keys ...string) string {
	_, v := path(n, keys...)
	s, _ := scalar(v)
	return s
}

// composition is a compiled Composition: its resource templates with
// validated patches.
type composition struct {
	d           *doc
	name        string
	labels      map[string]string
	group, kind string
	pipeline    bool
	resources   []*template
	tooBig      bool
}

// template is one composed resource: its base and the patches applied.
type template struct {
	name    string
	base    *yaml.Node
	patches []*patch
	// filtered says how a later pipeline step may leave it out
	// (function-cel-filter), "" when none does.
	filtered string
}

func (r *renderer) addComposition(d *doc) {
	c := &composition{d: d, name: d.name, labels: map[string]string{}}
	_, labels := path(d.root, "metadata", "labels")
	for _, e := range entries(labels) {
		if v, ok := scalar(e.v); ok {
			c.labels[e.key] = v
		}
	}
	c.group = lint.GroupOf(textAt(d.root, "spec", "compositeTypeRef", "apiVersion"))
	c.kind = textAt(d.root, "spec", "compositeTypeRef", "kind")
	if c.kind != "" {
		r.types[c.group+"/"+c.kind] = true
	}
	_, modeNode := path(d.root, "spec", "mode")
	mode, _ := scalar(modeNode)
	switch mode {
	case "Pipeline":
		c.pipeline = true
		_, steps := path(d.root, "spec", "pipeline")
		for _, step := range items(steps) {
			_, in := lookup(step, "input")
			if textAt(in, "kind") != "Resources" || lint.GroupOf(textAt(in, "apiVersion")) != ptGroup {
				r.functionStep(c, step, in)
				continue
			}
			_, sets := lookup(in, "patchSets")
			_, res := lookup(in, "resources")
			r.templates(c, res, r.patchSets(c, sets))
			r.conditions(c, step, in, res)
		}
	case "", "Resources":
		_, sets := path(d.root, "spec", "patchSets")
		_, res := path(d.root, "spec", "resources")
		r.templates(c, res, r.patchSets(c, sets))
	default:
		r.diag(d, modeNode, "unsupported composition mode", fmt.Sprintf("Composition %s: mode %q is neither Resources nor Pipeline; it is not rendered", c.name, mode))
		return
	}
	r.comps = append(r.comps, c)
}

// harmlessInputs are the input API groups of composition functions that
// compose no resources, so a rendering without them misses nothing:
// function-extra-resources and function-environment-configs only fetch
// into the pipeline's context, function-sequencer only delays resources
// other steps compose.
var harmlessInputs = map[string]bool{
	"extra-resources.fn.crossplane.io":    true,
	"extraresources.fn.crossplane.io":     true,
	"environmentconfigs.fn.crossplane.io": true,
	"sequencer.fn.crossplane.io":          true,
}

// sequencerInput reports whether a step's input is function-sequencer's:
// it kept the function template's API group (template.fn.crossplane.io,
// kind Input) and holds only rules, each a sequence of resource names —
// it orders what other steps compose and composes nothing.
func sequencerInput(in *yaml.Node) bool {
	if in == nil || lint.GroupOf(textAt(in, "apiVersion")) != "template.fn.crossplane.io" || textAt(in, "kind") != "Input" {
		return false
	}
	_, rules := lookup(in, "rules")
	if len(items(rules)) == 0 {
		return false
	}
	for _, e := range entries(in) {
		switch e.key {
		case "apiVersion", "kind", "metadata", "rules", "resetAfterCompleted":
		default:
			return false
		}
	}
	for _, r := range items(rules) {
		if _, seq := lookup(r, "sequence"); seq == nil {
			return false
		}
	}
	return true
}

// harmlessFunctions are functions that take no input and compose nothing,
// by the names a Function object is conventionally given: its package's
// repository, or, installed as a dependency by Crossplane's package
// manager, <organisation>-<repository> (the Crossplane contrib and
// Upbound builds). function-auto-ready only marks composed resources
// ready.
var harmlessFunctions = map[string]bool{
	"function-auto-ready":                    true,
	"crossplane-contrib-function-auto-ready": true,
	"upbound-function-auto-ready":            true,
}

// functionStep notes a Pipeline step whose function is not rendered
// statically (KCL, Go templating, Python, CUE, …): what it composes is
// not read. Functions that compose nothing stay silent.
func (r *renderer) functionStep(c *composition, step, in *yaml.Node) {
	fn := textAt(step, "functionRef", "name")
	group := lint.GroupOf(textAt(in, "apiVersion"))
	if group == celFilterGroup && textAt(in, "kind") == "Filters" {
		r.filterStep(c, step, in)
		return
	}
	if r.opts.Notes == nil || harmlessInputs[group] || in == nil && harmlessFunctions[fn] || sequencerInput(in) {
		return
	}
	if fn == "" {
		fn = "a function without functionRef.name"
	}
	what := fmt.Sprintf("Composition %s: pipeline step %q runs %s", c.name, textAt(step, "step"), fn)
	if in != nil {
		what += fmt.Sprintf(" (input %s %s)", textAt(in, "apiVersion"), textAt(in, "kind"))
	}
	at := c.d.rangeOf(step)
	if k, v := lookup(step, "step"); k != nil {
		at = c.d.pairRange(k, v)
	}
	r.opts.Notes(lint.Note{Kind: lint.Skipped, Range: at, What: what + "; faultline does not run composition functions, so the resources it composes are not read (to lint them, save what `crossplane render` composes for your composite resources into the tree)"})
}

// celFilterGroup is the input API group of function-cel-filter, which
// composes nothing and keeps each resource an earlier step composed that
// a filter names only when the filter's CEL expression holds
// (crossplane-contrib/function-cel-filter, input/v1beta1 Filters).
const celFilterGroup = "cel.fn.crossplane.io"

// filterStep reads a function-cel-filter step: the resources composed so
// far that a filter names may be left out, so what is read of them rests
// on their being kept (a finding on one is one severity lower); the
// expressions are not evaluated.
func (r *renderer) filterStep(c *composition, step, in *yaml.Node) {
	_, filters := lookup(in, "filters")
	var names []string
	for _, f := range items(filters) {
		name, expr := textAt(f, "name"), textAt(f, "expression")
		if name != "" && r.markFiltered(c, name, fmt.Sprintf("Composition %s keeps %s only when the CEL expression of pipeline step %q holds (%s)", c.name, name, textAt(step, "step"), expr)) {
			names = append(names, name)
		}
	}
	r.noteFiltered(c, step, names, "filters composed resources (function-cel-filter): %s may be left out; what is read of them rests on their being kept")
}

// markFiltered marks the resources of c named name as resting on why
// (template.filtered), unless one step already did; it reports whether
// it marked one.
func (r *renderer) markFiltered(c *composition, name, why string) bool {
	marked := false
	for _, t := range c.resources {
		if t.name == name && t.filtered == "" {
			t.filtered, marked = why, true
		}
	}
	return marked
}

// noteFiltered notes, at the step, the resources it may leave out
// (what: how, with %s the names).
func (r *renderer) noteFiltered(c *composition, step *yaml.Node, names []string, what string) {
	if r.opts.Notes == nil || len(names) == 0 {
		return
	}
	at := c.d.rangeOf(step)
	if k, v := lookup(step, "step"); k != nil {
		at = c.d.pairRange(k, v)
	}
	r.opts.Notes(lint.Note{Kind: lint.Inferred, Range: at, What: fmt.Sprintf("Composition %s: pipeline step %q ", c.name, textAt(step, "step")) + fmt.Sprintf(what, strings.Join(names, ", ")) + " (findings on them are one severity lower)"})
}

// conditions reads the CEL conditions of a patch-and-transform step
// (function-conditional-patch-and-transform: a condition on the step's
// input, or on a resource): a resource composed only when one holds may
// not be, so what is read of it rests on its being composed (a finding
// on it is one severity lower), as for function-cel-filter; the
// expressions are not evaluated.
func (r *renderer) conditions(c *composition, step, in, res *yaml.Node) {
	whole := textAt(in, "condition")
	var names []string
	for _, n := range items(res) {
		expr := textAt(n, "condition")
		if expr == "" {
			expr = whole
		}
		name := textAt(n, "name")
		if expr != "" && name != "" && r.markFiltered(c, name, fmt.Sprintf("Composition %s composes %s only when the CEL condition of pipeline step %q holds (%s)", c.name, name, textAt(step, "step"), expr)) {
			names = append(names, name)
		}
	}
	r.noteFiltered(c, step, names, "composes resources under CEL conditions: %s may not be composed; what is read of them rests on their being composed")
}

// patchSets compiles the named patch sets.
func (r *renderer) patchSets(c *composition, n *yaml.Node) map[string][]*patch {
	sets := map[string][]*patch{}
	for _, s := range items(n) {
		name := textAt(s, "name")
		_, ps := lookup(s, "patches")
		var out []*patch
		for _, p := range items(ps) {
			out = append(out, r.compilePatch(c, p, nil, "patch set "+strconv.Quote(name))...)
		}
		sets[name] = out
	}
	return sets
}

// templates compiles the resources of a legacy composition or of one
// function-patch-and-transform step; a later resource of the same name
// replaces an earlier one.
func (r *renderer) templates(c *composition, n *yaml.Node, sets map[string][]*patch) {
	for i, res := range items(n) {
		t := &template{name: textAt(res, "name")}
		if t.name == "" {
			t.name = "resources[" + strconv.Itoa(i) + "]"
		}
		_, base := lookup(res, "base")
		if base == nil {
			if !c.pipeline {
				r.diag(c.d, res, "invalid composition", fmt.Sprintf("Composition %s: resource %s has no base", c.name, t.name))
			}
			continue // Pipeline: patches a resource of an earlier step
		}
		if b := resolve(base); b == nil || b.Kind != yaml.MappingNode {
			r.diag(c.d, base, "invalid composition", fmt.Sprintf("Composition %s: the base of resource %s is not an object", c.name, t.name))
			continue
		}
		t.base = base
		_, ps := lookup(res, "patches")
		for _, p := range items(ps) {
			t.patches = append(t.patches, r.compilePatch(c, p, sets, "resource "+strconv.Quote(t.name))...)
		}
		replaced := false
		for j, old := range c.resources {
			if old.name == t.name {
				c.resources[j], replaced = t, true
			}
		}
		if !replaced {
			c.resources = append(c.resources, t)
		}
	}
}

// patch is one compiled patch.
type patch struct {
	from []seg   // FromCompositeFieldPath
	vars [][]seg // CombineFromComposite
	fmt  string
	to   []seg
	// at is where the patched value points: toFieldPath, else
	// fromFieldPath, else the patch.
	at         *yaml.Node
	transforms []*transform
	// unknown patches set their field to an unknown value: environment
	// patches, unsupported types and transforms.
	unknown bool
	merge   mergeMode
}

type mergeMode int

const (
	replaceValue mergeMode = iota
	mergeKeep              // merge objects, keeping existing keys
	mergeForce             // merge objects, overwriting existing keys
)

// compilePatch validates a patch and expands PatchSet patches. where names
// the resource or patch set for messages.
func (r *renderer) compilePatch(c *composition, n *yaml.Node, sets map[string][]*patch, where string) []*patch {
	d := c.d
	tk, tn := lookup(n, "type")
	typ, _ := scalar(tn)
	if typ == "" {
		typ = "FromCompositeFieldPath"
	}
	if tn == nil {
		tn = tk
	}
	_, fromNode := lookup(n, "fromFieldPath")
	_, toNode := lookup(n, "toFieldPath")
	p := &patch{at: n}
	parse := func(node *yaml.Node, field string) ([]seg, bool) {
		s, ok := scalar(node)
		if !ok {
			r.diag(d, n, "invalid composition patch", fmt.Sprintf("Composition %s, %s: a %s patch needs %s", c.name, where, typ, field))
			return nil, false
		}
		fp, err := parseFieldPath(s)
		if err != nil {
			r.diag(d, node, "invalid composition patch", fmt.Sprintf("Composition %s, %s: %s %q: %v", c.name, where, field, s, err))
			return nil, false
		}
		return fp, true
	}
	target := func() bool {
		var ok bool
		if toNode != nil {
			p.at = toNode
			p.to, ok = parse(toNode, "toFieldPath")
			return ok
		}
		p.at = fromNode
		p.to, ok = parse(fromNode, "toFieldPath (or fromFieldPath)")
		return ok
	}
	switch typ {
	case "PatchSet":
		_, sn := lookup(n, "patchSetName")
		name, _ := scalar(sn)
		set, ok := sets[name]
		if !ok {
			if sn == nil {
				sn = n
			}
			msg := fmt.Sprintf("Composition %s, %s: patch set %q is not defined", c.name, where, name)
			if sets == nil {
				msg = fmt.Sprintf("Composition %s, %s: a patch set cannot use another patch set", c.name, where)
			}
			r.diag(d, sn, "invalid composition patch", msg)
			return nil
		}
		return set
	case "FromCompositeFieldPath", "FromEnvironmentFieldPath":
		from, ok := parse(fromNode, "fromFieldPath")
		if !ok || !target() {
			return nil
		}
		p.from = from
		p.unknown = typ == "FromEnvironmentFieldPath"
	case "CombineFromComposite", "CombineFromEnvironment":
		if toNode == nil {
			r.diag(d, n, "invalid composition patch", fmt.Sprintf("Composition %s, %s: a %s patch needs toFieldPath", c.name, where, typ))
			return nil
		}
		if !target() {
			return nil
		}
		_, comb := lookup(n, "combine")
		_, vars := lookup(comb, "variables")
		for _, v := range items(vars) {
			_, fn := lookup(v, "fromFieldPath")
			fp, ok := parse(fn, "combine.variables[].fromFieldPath")
			if !ok {
				return nil
			}
			p.vars = append(p.vars, fp)
		}
		if len(p.vars) == 0 {
			r.diag(d, n, "invalid composition patch", fmt.Sprintf("Composition %s, %s: a %s patch needs combine.variables", c.name, where, typ))
			return nil
		}
		sk, sv := lookup(comb, "strategy")
		if s, _ := scalar(sv); s != "string" {
			if sv == nil {
				sv = sk
			}
			if sv == nil {
				sv = n
			}
			r.diag(d, sv, "unsupported composition patch", fmt.Sprintf("Composition %s, %s: combine strategy %q is not supported (only string); %s is rendered unknown", c.name, where, s, fieldPathString(p.to)))
			p.unknown = true
			break
		}
		_, fn := path(comb, "string", "fmt")
		f, ok := scalar(fn)
		if !ok {
			r.diag(d, n, "invalid composition patch", fmt.Sprintf("Composition %s, %s: combine.string.fmt is missing", c.name, where))
			return nil
		}
		p.fmt = f
		p.unknown = typ == "CombineFromEnvironment"
	case "ToCompositeFieldPath", "CombineToComposite", "ToEnvironmentFieldPath", "CombineToEnvironment":
		return nil // writes the XR or the environment, not the composed resource
	default:
		if toNode != nil {
			if fp, err := parseFieldPath(toNode.Value); err == nil {
				p.to, p.at, p.unknown = fp, toNode, true
			}
		}
		what := "it is skipped"
		if p.to != nil {
			what = fieldPathString(p.to) + " is rendered unknown"
		}
		r.diag(d, tn, "unsupported composition patch", fmt.Sprintf("Composition %s, %s: patch type %q is not supported (faultline renders FromCompositeFieldPath, CombineFromComposite, PatchSet and the environment and To* patches); %s", c.name, where, typ, what))
		if p.to == nil {
			return nil
		}
		return []*patch{p}
	}
	_, ts := lookup(n, "transforms")
	for _, tn := range items(ts) {
		t, ok := r.compileTransform(c, tn)
		if !ok {
			p.unknown = true
			if t != nil {
				r.diag(d, t.node, t.summary, fmt.Sprintf("Composition %s, %s: %s; %s is rendered unknown", c.name, where, t.problem, fieldPathString(p.to)))
			}
			continue
		}
		p.transforms = append(p.transforms, t)
	}
	_, pol := path(n, "policy", "toFieldPath")
	switch s, _ := scalar(pol); s {
	case "MergeObject", "MergeObjects", "MergeObjectsAppendArrays":
		p.merge = mergeKeep
	case "ForceMergeObjects", "ForceMergeObjectsAppendArrays":
		p.merge = mergeForce
	}
	if _, keep := path(n, "policy", "mergeOptions", "keepMapValues"); keep != nil {
		if s, _ := scalar(keep); s == "true" {
			p.merge = mergeKeep
		} else {
			p.merge = mergeForce
		}
	}
	return []*patch{p}
}

// seg is one step of a field path: a key, an array index or [*].
type seg struct {
	key   string
	index int // -1 for a key, -2 for [*]
}

const (
	keySeg  = -1
	wildSeg = -2
)

// parseFieldPath reads a Crossplane field path: "spec.a.b[0]",
// "metadata.annotations[crossplane.io/external-name]", `a["b.c"]`, "a[*]".
func parseFieldPath(s string) ([]seg, error) {
	var out []seg
	if s == "" {
		return nil, fmt.Errorf("empty field path")
	}
	for i := 0; i < len(s); {
		switch s[i] {
		case '.':
			if i == 0 || i+1 >= len(s) || s[i+1] == '.' || s[i+1] == '[' {
				return nil, fmt.Errorf("unexpected '.' at offset %d", i)
			}
			i++
		case '[':
			j := strings.IndexByte(s[i:], ']')
			if j < 0 {
				return nil, fmt.Errorf("unclosed '[' at offset %d", i)
			}
			inner := s[i+1 : i+j]
			if q := len(inner); q >= 2 && (inner[0] == '"' || inner[0] == '\'') && inner[q-1] == inner[0] {
				inner = inner[1 : q-1]
			}
			switch n, err := strconv.Atoi(inner); {
			case inner == "":
				return nil, fmt.Errorf("empty brackets at offset %d", i)
			case inner == "*":
				out = append(out, seg{index: wildSeg})
			case err == nil && n >= 0:
				out = append(out, seg{index: n})
			default:
				out = append(out, seg{key: inner, index: keySeg})
			}
			i += j + 1
			if i < len(s) && s[i] != '.' && s[i] != '[' {
				return nil, fmt.Errorf("unexpected %q at offset %d", s[i], i)
			}
		default:
			j := strings.IndexAny(s[i:], ".[")
			if j < 0 {
				j = len(s) - i
			}
			out = append(out, seg{key: s[i : i+j], index: keySeg})
			i += j
		}
	}
	return out, nil
}

// fieldPathString renders a parsed path for messages.
func fieldPathString(p []seg) string {
	var b strings.Builder
	for i, s := range p {
		switch {
		case s.index == wildSeg:
			b.WriteString("[*]")
		case s.index >= 0:
			fmt.Fprintf(&b, "[%d]", s.index)
		case strings.ContainsAny(s.key, ".[]"):
			b.WriteString("[" + s.key + "]")
		default:
			if i > 0 {
				b.WriteByte('.')
			}
			b.WriteString(s.key)
		}
	}
	return b.String()
}

// pval is a patch value: a symbolic scalar, or a structured value (a
// mapping or sequence node) with the decoder of the file it came from.
type pval struct {
	v    lint.Value
	node *yaml.Node
	dec  func(*yaml.Node) lint.Value
}

func unknownVal() pval { return pval{v: lint.Unknown()} }

// str returns a scalar's fully known text.
func (p pval) str() (string, bool) {
	if p.node != nil {
		return "", false
	}
	return p.v.Str()
}

// nodeVal turns a YAML node into a patch value.
func nodeVal(n *yaml.Node, dec func(*yaml.Node) lint.Value) pval {
	r := resolve(n)
	if r == nil {
		return unknownVal()
	}
	if r.Kind == yaml.MappingNode || r.Kind == yaml.SequenceNode {
		return pval{node: r, dec: dec}
	}
	return pval{v: dec(r)}
}

// walk follows a field path down a YAML tree; depth is how many steps were
// found (len(p) when the node exists).
func walk(n *yaml.Node, p []seg) (*yaml.Node, int) {
	for i, s := range p {
		var next *yaml.Node
		switch {
		case s.index == keySeg:
			_, next = lookup(n, s.key)
		case s.index >= 0:
			if is := items(n); s.index < len(is) {
				next = is[s.index]
			}
		}
		if next == nil {
			return nil, i
		}
		n = next
	}
	return n, len(p)
}

// xrInput is an XR or Claim in the tree a composition is rendered with.
type xrInput struct {
	d     *doc
	claim bool
	xrd   *xrd
	// group and kind are the XR type ("" when a claim has no XRD).
	group, kind string
	key         string // address part: Kind/namespace/name
	label       string // "NodeGroupClaim team-a/prod"
}

// input recognises an XR or Claim: a type an XRD or a composition's
// compositeTypeRef names, or any object with a composition reference or
// selector.
func (r *renderer) input(d *doc) *xrInput {
	g := lint.GroupOf(d.apiVersion)
	if g == "" || g == xpGroup || isManagedResource(d.apiVersion) {
		return nil
	}
	x := &xrInput{d: d}
	key := g + "/" + d.kind
	switch {
	case r.claims[key] != nil:
		x.claim, x.xrd = true, r.claims[key]
		x.group, x.kind = x.xrd.group, x.xrd.kind
	case r.xrs[key] != nil:
		x.xrd = r.xrs[key]
		x.group, x.kind = g, d.kind
	case r.types[key]:
		x.group, x.kind = g, d.kind
	default:
		ref, sel := x.compositionRef()
		if ref == nil && sel == nil {
			return nil
		}
		x.claim = true // not an XR type any composition names
	}
	q := d.name
	if d.namespace != "" {
		q = d.namespace + "/" + d.name
	}
	x.key, x.label = d.kind+"/"+q, d.kind+" "+q
	if d.name == "" || r.inputKeys[x.key] {
		// Unnamed, or the same object in another file (an overlay):
		// qualified by where it is written.
		where := d.file + "#" + strconv.Itoa(d.index)
		x.key, x.label = where+"/"+x.key, x.label+" ("+where+")"
	}
	r.inputKeys[x.key] = true
	return x
}

// compositionRef returns the composition reference and selector of an XR
// (spec, or spec.crossplane in Crossplane v2) or Claim.
func (x *xrInput) compositionRef() (ref, sel *yaml.Node) {
	for _, base := range [][]string{{"spec"}, {"spec", "crossplane"}} {
		_, spec := path(x.d.root, base...)
		_, rf := lookup(spec, "compositionRef")
		_, sl := lookup(spec, "compositionSelector")
		if rf != nil || sl != nil {
			return rf, sl
		}
	}
	return nil, nil
}

// selectFor picks the compositions Crossplane may use for an input: the
// XRD's enforced composition, the input's compositionRef, its selector,
// the XRD's default, or any composition of its type.
func (r *renderer) selectFor(x *xrInput) []*composition {
	byName := func(name string) []*composition {
		for _, c := range r.comps {
			if c.name == name {
				return []*composition{c}
			}
		}
		return nil
	}
	var ofType []*composition
	for _, c := range r.comps {
		if x.kind != "" && c.group == x.group && c.kind == x.kind {
			ofType = append(ofType, c)
		} else if x.kind == "" && c.group == lint.GroupOf(x.d.apiVersion) {
			ofType = append(ofType, c)
		}
	}
	if x.xrd != nil && x.xrd.forced != "" {
		return byName(x.xrd.forced)
	}
	ref, sel := x.compositionRef()
	if name := textAt(ref, "name"); name != "" {
		return byName(name)
	}
	if _, ml := lookup(sel, "matchLabels"); ml != nil {
		var out []*composition
	next:
		for _, c := range ofType {
			for _, e := range entries(ml) {
				if v, ok := scalar(e.v); !ok || c.labels[e.key] != v {
					continue next
				}
			}
			out = append(out, c)
		}
		return out
	}
	if x.xrd != nil && x.xrd.defaultComp != "" {
		return byName(x.xrd.defaultComp)
	}
	if x.kind == "" {
		return nil
	}
	return ofType
}

// get reads a field of the XR the composition sees. A claim's XR has the
// claim's spec, labels and annotations, a generated (unknown) name and the
// claim labels Crossplane adds; status is never known statically. An absent
// field is unknown unless the XRD's schema gives it a default.
func (x *xrInput) get(p []seg) pval {
	if x == nil || len(p) == 0 || p[0].index != keySeg {
		return unknownVal()
	}
	d := x.d
	known := func(s string) pval {
		if s == "" {
			return unknownVal()
		}
		return pval{v: d.decode(s)}
	}
	switch p[0].key {
	case "metadata":
		if len(p) < 2 || p[1].index != keySeg {
			return unknownVal()
		}
		switch p[1].key {
		case "name":
			if x.claim || len(p) > 2 {
				return unknownVal()
			}
			return known(d.name)
		case "namespace":
			if x.claim || len(p) > 2 {
				return unknownVal()
			}
			return known(d.namespace)
		case "labels":
			if len(p) == 3 {
				switch k := p[2].key; {
				case x.claim && k == "crossplane.io/claim-name":
					return known(d.name)
				case x.claim && k == "crossplane.io/claim-namespace":
					return known(d.namespace)
				case k == "crossplane.io/composite":
					if x.claim {
						return unknownVal()
					}
					return known(d.name)
				}
			}
			return x.walk(p, false)
		case "annotations":
			return x.walk(p, false)
		}
		return unknownVal()
	case "spec":
		if x.claim && len(p) == 3 && p[1].key == "claimRef" {
			switch p[2].key {
			case "name":
				return known(d.name)
			case "namespace":
				return known(d.namespace)
			case "kind":
				return known(d.kind)
			case "apiVersion":
				return known(d.apiVersion)
			}
		}
		return x.walk(p, true)
	}
	return unknownVal()
}

// walk reads a field from the input document, or the XRD default.
func (x *xrInput) walk(p []seg, defaults bool) pval {
	for _, s := range p {
		if s.index == wildSeg {
			return unknownVal()
		}
	}
	n, depth := walk(x.d.root, p)
	if n != nil {
		return nodeVal(n, x.d.value)
	}
	if defaults && x.xrd != nil {
		version := x.d.apiVersion[strings.LastIndex(x.d.apiVersion, "/")+1:]
		return x.xrd.defaultAt(version, p, depth)
	}
	return unknownVal()
}

// defaultAt returns the schema default of a field absent from the input
// from step absent on: the field's own default, or one an absent ancestor's
// default supplies.
func (x *xrd) defaultAt(version string, p []seg, absent int) pval {
	s := x.schemas[version]
	if s == nil {
		s = x.schemas[x.firstVersion]
	}
	for i := 0; s != nil; i++ {
		if i > absent {
			if _, def := lookup(s, "default"); def != nil {
				if n, depth := walk(def, p[i:]); depth == len(p)-i {
					return nodeVal(n, x.d.value)
				}
			}
		}
		if i == len(p) {
			break
		}
		if p[i].index == keySeg {
			_, next := path(s, "properties", p[i].key)
			if next == nil {
				_, next = lookup(s, "additionalProperties")
			}
			s = next
		} else {
			_, s = lookup(s, "items")
		}
	}
	return unknownVal()
}

// instance is one rendering of a composition for one input (or none).
type instance struct {
	comp      *composition
	resources []*composed
}

// local finds the one resource of a kind, with the given labels, composed
// in this instance (matchControllerRef), and returns its alias.
func (in *instance) local(group, kind string, labels map[string]string) (string, bool) {
	var found *composed
next:
	for _, c := range in.resources {
		if c.group != group || c.kind != kind {
			continue
		}
		for k, v := range labels {
			if c.labels[k] != v {
				continue next
			}
		}
		if found != nil {
			return "", false
		}
		found = c
	}
	if found == nil {
		return "", false
	}
	return found.alias, true
}

// composed is one rendered resource.
type composed struct {
	inst      *instance
	m         *mr
	group     string
	kind      string
	namespace string
	// name is metadata.name when a patch (or, in Pipeline mode, the base)
	// sets it; Crossplane generates it otherwise.
	name     string
	nameNode *yaml.Node
	labels   map[string]string
	addr     string
	label    string
	// written names the base as written, the same in every rendering
	// ("Role cni-role of Composition xaddons.example.org"), for the
	// diagnostics about its own text.
	written  string
	alias    string
	scope    lint.Scope
	inferred []string
}

// object builds the header of a composed resource.
func (c *composed) object(k lint.Kind) lint.Object {
	d := c.m.d
	o := lint.Object{
		Kind:     k,
		Addr:     c.addr,
		Label:    c.label,
		Name:     lint.Unknown(),
		Range:    c.m.rng(d.kindNode),
		Source:   lint.SourceCrossplane,
		Scope:    c.scope,
		Inferred: append([]string(nil), c.inferred...),
		Aliases:  []string{c.alias},
	}
	o.NameRange = o.Range
	if c.name != "" {
		o.Name, o.NameRange = lint.Known(c.name), c.m.rng(c.nameNode)
		o.Aliases = append(o.Aliases, lint.KubeKey(c.group, c.kind, c.namespace, c.name))
	}
	if len(c.labels) > 0 {
		o.Labels = c.labels
	}
	return o
}

// render renders a composition for one input (nil: none), choices being
// how many compositions the input may select.
// maxNesting bounds how deep composite resources a composition composes
// are rendered through their own compositions.
const maxNesting = 4

// renderInput renders input x through every composition Crossplane may
// select for it, marking those used, and then, in turn, each composite
// resource those compositions compose (an XR of a type a composition of
// the tree implements): Crossplane composes it with its own composition,
// from the fields the outer one patched into it. outer are the
// compositions rendering on the way, which a nested XR does not enter
// again.
func (r *renderer) renderInput(x *xrInput, used map[*composition]bool, outer []*composition) {
	cs := r.selectFor(x)
	for _, c := range cs {
		used[c] = true
		inst := r.render(c, x, len(cs))
		if len(outer) >= maxNesting || slices.Contains(outer, c) {
			continue
		}
		for _, cd := range inst.resources {
			if nx := r.nestedInput(x, cd); nx != nil {
				r.renderInput(nx, used, append(slices.Clip(outer), c))
			}
		}
	}
}

// nestedInput is composed resource cd, of a composite type a composition
// of the tree implements, as the input of that composition (its fields as
// the outer composition x rendered patched them), addressed under x; nil
// for any other resource.
func (r *renderer) nestedInput(x *xrInput, cd *composed) *xrInput {
	key := cd.group + "/" + cd.kind
	if r.xrs[key] == nil && !r.types[key] {
		return nil
	}
	d := *cd.m.d
	d.name, d.namespace = cd.name, cd.namespace
	if len(cd.inferred) > 0 && d.opts != nil {
		// What the composite rests on (a CEL condition composing it) its
		// own composed resources rest on too.
		opts := *d.opts
		opts.Inferred = appendNew(append([]string(nil), opts.Inferred...), cd.inferred...)
		d.opts = &opts
	}
	nx := r.input(&d)
	if nx == nil {
		return nil
	}
	nx.key = x.key + "/" + cd.kind + "/" + cd.inst.comp.name
	nx.label = cd.kind + " composed by " + x.label
	if cd.name != "" {
		nx.key += "/" + cd.name
	}
	return nx
}

func (r *renderer) render(c *composition, x *xrInput, choices int) *instance {
	inst := &instance{comp: c}
	scope := c.d.scope
	inferred := append([]string(nil), c.d.opts.Inferred...)
	if x == nil {
		inferred = append(inferred, noClaimTx)
	} else {
		scope = x.d.scope.Merge(c.d.scope)
		inferred = appendNew(inferred, x.d.opts.Inferred...)
		if choices > 1 {
			inferred = append(inferred, fmt.Sprintf("Composition %s is one of %d compositions Crossplane may select for %s", c.name, choices, x.label))
		}
	}
	r.budget, r.owned = maxRenderNodes, map[*yaml.Node]bool{}
	for _, t := range c.resources {
		root := r.clone(t.base)
		if root == nil || root.Kind != yaml.MappingNode {
			r.tooBig(c)
			continue
		}
		over := map[*yaml.Node]patched{}
		for _, p := range t.patches {
			r.apply(c, p, x, root, over)
		}
		if r.budget <= 0 {
			r.tooBig(c)
		}
		d := &doc{file: c.d.file, index: c.d.index, opts: c.d.opts, scope: scope, root: root}
		m := &mr{d: d, over: over}
		_, av := lookup(root, "apiVersion")
		_, d.kindNode = lookup(root, "kind")
		d.apiVersion, _ = m.text(av)
		d.kind, _ = m.text(d.kindNode)
		if d.kindNode == nil {
			d.kindNode = t.base
		}
		m.service, m.fam, _ = mrFamily(d.apiVersion)
		_, m.fp = path(root, "spec", "forProvider")
		kept := inferred
		if t.filtered != "" {
			kept = appendNew(append([]string(nil), inferred...), t.filtered)
		}
		cd := &composed{inst: inst, m: m, group: lint.GroupOf(d.apiVersion), kind: d.kind, scope: scope, inferred: kept, labels: map[string]string{}}
		m.comp = cd
		if x != nil && !x.claim {
			cd.namespace = x.d.namespace
		}
		if _, ns := path(root, "metadata", "namespace"); ns != nil {
			if s, ok := m.text(ns); ok {
				cd.namespace = s
			}
		}
		if _, nn := path(root, "metadata", "name"); nn != nil {
			if _, patchedName := over[nn]; patchedName || c.pipeline {
				if s, ok := m.text(nn); ok {
					cd.name, cd.nameNode = s, nn
				}
			}
		}
		d.namespace = cd.namespace
		_, labels := path(root, "metadata", "labels")
		for _, e := range entries(labels) {
			if s, ok := m.text(e.v); ok {
				cd.labels[e.key] = s
			}
		}
		if x != nil {
			if x.claim {
				cd.labels["crossplane.io/claim-name"] = x.d.name
				cd.labels["crossplane.io/claim-namespace"] = x.d.namespace
			} else {
				cd.labels["crossplane.io/composite"] = x.d.name
			}
		}
		for k, v := range cd.labels {
			if v == "" {
				delete(cd.labels, k)
			}
		}
		local := c.name + "." + t.name
		cd.addr = c.d.file + "#" + strconv.Itoa(c.d.index) + "/Composition/" + c.name + "/" + t.name
		cd.label = d.kind + " " + t.name + " (Composition " + c.name
		cd.written = d.kind + " " + t.name + " of Composition " + c.name
		if x != nil {
			local += "." + x.key
			cd.addr += "/" + x.key
			cd.label += ", " + x.label
		}
		cd.label += ")"
		cd.alias = lint.KubeKey(cd.group, cd.kind, cd.namespace, "composed("+strings.NewReplacer("/", ".", ":", ".").Replace(local)+")")
		r.unreadComposed(c, t, cd)
		inst.resources = append(inst.resources, cd)
	}
	for _, cd := range inst.resources {
		r.out = append(r.out, cd.m.entities()...)
		r.baseDiags(cd.m.d.diags)
	}
	return inst
}

// baseDiags keeps the diagnostics a composed resource raised about its
// base's own text (no patch writes it), once however many composite
// resources render the composition.
func (r *renderer) baseDiags(diags []lint.Diagnostic) {
	for _, d := range diags {
		if !slices.Contains(r.diags, d) {
			r.diags = append(r.diags, d)
		}
	}
}

// unreadComposed notes, once per composition resource, a composed
// provider-helm Release or provider-kubernetes Object: what it installs
// (a chart's accounts and values, a wrapped manifest) is read only from a
// Release or Object written as a manifest, not from one a Composition
// composes.
func (r *renderer) unreadComposed(c *composition, t *template, cd *composed) {
	var what string
	switch {
	case (cd.group == "helm.crossplane.io" || cd.group == "helm.m.crossplane.io") && cd.kind == "Release":
		what = "composes provider-helm Release %q: the chart it installs (its service accounts, values and templates) is not read from a Composition"
	case (cd.group == "kubernetes.crossplane.io" || cd.group == "kubernetes.m.crossplane.io") && cd.kind == "Object":
		what = "composes provider-kubernetes Object %q: the manifest it wraps is not read from a Composition"
	default:
		return
	}
	key := c.d.file + "#" + strconv.Itoa(c.d.index) + "/" + t.name
	if r.opts.Notes == nil || r.notedComposed[key] {
		return
	}
	if r.notedComposed == nil {
		r.notedComposed = map[string]bool{}
	}
	r.notedComposed[key] = true
	r.opts.Notes(lint.Note{Kind: lint.Skipped, Range: c.d.rangeOf(t.base), What: fmt.Sprintf("Composition %s "+what, c.name, t.name)})
}

func (r *renderer) tooBig(c *composition) {
	if c.tooBig {
		return
	}
	c.tooBig = true
	r.diag(c.d, c.d.kindNode, "composition too large to render", fmt.Sprintf("Composition %s: rendering would copy more than %d YAML nodes; some composed resources are skipped or incomplete", c.name, maxRenderNodes))
}

// clone copies a container (merge keys applied) so a patch can write into
// it; its children are shared until a patch writes below them. It returns
// nil when the node budget is spent.
func (r *renderer) clone(n *yaml.Node) *yaml.Node {
	n = resolve(n)
	if n == nil || (n.Kind != yaml.MappingNode && n.Kind != yaml.SequenceNode) {
		return nil
	}
	if r.owned[n] {
		return n
	}
	if r.budget <= 0 {
		return nil
	}
	r.budget--
	out := *n
	out.Anchor = ""
	out.Content = nil
	if n.Kind == yaml.MappingNode {
		for _, e := range entries(n) {
			out.Content = append(out.Content, e.k, e.v)
		}
	} else {
		out.Content = append(out.Content, n.Content...)
	}
	r.owned[&out] = true
	return &out
}

func nullNode() *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"} }

// placeholder is the text of a patched scalar that is not fully known; its
// value is in the override table.
const placeholder = "\uE000"

// apply evaluates one patch for the input and writes it into root.
func (r *renderer) apply(c *composition, p *patch, x *xrInput, root *yaml.Node, over map[*yaml.Node]patched) {
	var v pval
	switch {
	case p.unknown:
		v = unknownVal()
	case p.vars != nil:
		args := make([]lint.Value, len(p.vars))
		for i, fp := range p.vars {
			a := x.get(fp)
			if a.node != nil {
				a = unknownVal()
			}
			args[i] = a.v
			if a.v.IsUnknown() && x != nil && len(fp) > 0 && fp[0].index == keySeg && fp[0].key == "status" {
				// A status field another resource's patch fills in: the
				// combine applies once it is there, with its value.
				args[i] = lint.Hole(lint.HoleRef{Object: "xr:" + x.key, Path: fieldPathString(fp)})
			}
		}
		v = pval{v: sprintf(p.fmt, args)}
	default:
		v = x.get(p.from)
	}
	if !p.unknown {
		for _, t := range p.transforms {
			v = t.apply(v)
		}
	}
	r.set(root, p.to, v, c.d.rangeOf(p.at), over, p.merge)
}

// set writes v at field path p below the container n (owned by the
// rendering), creating mappings and sequences on the way.
func (r *renderer) set(n *yaml.Node, p []seg, v pval, rng lint.Range, over map[*yaml.Node]patched, merge mergeMode) {
	if len(p) == 0 || n == nil {
		return
	}
	s, last := p[0], len(p) == 1
	put := func(old *yaml.Node) *yaml.Node {
		if last {
			return r.leaf(old, v, rng, over, merge)
		}
		child := r.container(old, p[1], rng, over)
		if child != nil {
			r.set(child, p[1:], v, rng, over, merge)
		}
		return child
	}
	switch {
	case s.index == wildSeg:
		if n.Kind != yaml.SequenceNode {
			return
		}
		for i := range n.Content {
			if x := put(n.Content[i]); x != nil {
				n.Content[i] = x
			}
		}
	case s.index >= 0:
		if n.Kind != yaml.SequenceNode || s.index > maxPatchIndex {
			return
		}
		for len(n.Content) <= s.index {
			n.Content = append(n.Content, nullNode())
		}
		if x := put(n.Content[s.index]); x != nil {
			n.Content[s.index] = x
		}
	default:
		if n.Kind != yaml.MappingNode {
			return
		}
		at := -1
		for i := 0; i+1 < len(n.Content); i += 2 {
			if k := resolve(n.Content[i]); k != nil && k.Value == s.key {
				at = i
			}
		}
		if at < 0 {
			key := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s.key, Line: rng.Line, Column: rng.Column}
			over[key] = patched{v: lint.Known(s.key), r: rng, scalar: true}
			n.Content = append(n.Content, key, nullNode())
			at = len(n.Content) - 2
		}
		if x := put(n.Content[at+1]); x != nil {
			n.Content[at+1] = x
		}
	}
}

// container returns old when it is the collection the next step needs, or
// a new one.
func (r *renderer) container(old *yaml.Node, next seg, rng lint.Range, over map[*yaml.Node]patched) *yaml.Node {
	want := yaml.MappingNode
	if next.index != keySeg {
		want = yaml.SequenceNode
	}
	if o := resolve(old); o != nil && o.Kind == want {
		return r.clone(o)
	}
	if next.index == wildSeg || r.budget <= 0 {
		return nil // nothing to write into
	}
	r.budget--
	n := &yaml.Node{Kind: want, Line: rng.Line, Column: rng.Column}
	r.owned[n] = true
	over[n] = patched{r: rng}
	return n
}

// leaf builds the node a patch writes: a scalar whose value is kept in the
// override table, or a copy of a structured value with every node pointing
// at the patch; merge policies merge objects into the existing one.
func (r *renderer) leaf(old *yaml.Node, v pval, rng lint.Range, over map[*yaml.Node]patched, merge mergeMode) *yaml.Node {
	if v.node == nil {
		if o := resolve(old); merge != replaceValue && o != nil && o.Kind == yaml.MappingNode {
			return old // merging an unknown object: keep what is known
		}
		text := placeholder
		if s, ok := v.v.Str(); ok {
			text = s
		}
		n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: text, Line: rng.Line, Column: rng.Column}
		over[n] = patched{v: v.v, r: rng, scalar: true}
		return n
	}
	n := r.graft(v.node, v.dec, rng, over, 0)
	if n == nil {
		n = nullNode()
	}
	if o := r.clone(old); merge != replaceValue && o != nil && o.Kind == yaml.MappingNode && n.Kind == yaml.MappingNode {
		merged := *o
		merged.Content = append([]*yaml.Node(nil), o.Content...)
		for i := 0; i+1 < len(n.Content); i += 2 {
			key := resolve(n.Content[i]).Value
			found := false
			for j := 0; j+1 < len(merged.Content); j += 2 {
				if k := resolve(merged.Content[j]); k != nil && k.Value == key {
					found = true
					if merge == mergeForce {
						merged.Content[j+1] = n.Content[i+1]
					}
				}
			}
			if !found {
				merged.Content = append(merged.Content, n.Content[i], n.Content[i+1])
			}
		}
		return &merged
	}
	return n
}

// graft copies a structured value from another place (a claim, a map
// transform) with every node's value decoded by dec and its range rng.
// maxGraftDepth bounds recursion into nested composition bases.
const maxGraftDepth = 64

func (r *renderer) graft(n *yaml.Node, dec func(*yaml.Node) lint.Value, rng lint.Range, over map[*yaml.Node]patched, depth int) *yaml.Node {
	n = resolve(n)
	if n == nil || r.budget <= 0 || depth > maxGraftDepth {
		return nil
	}
	r.budget--
	out := &yaml.Node{Kind: n.Kind, Tag: n.Tag, Line: rng.Line, Column: rng.Column}
	switch n.Kind {
	case yaml.MappingNode:
		over[out] = patched{r: rng}
		for _, e := range entries(n) {
			k := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: e.key, Line: rng.Line, Column: rng.Column}
			over[k] = patched{v: lint.Known(e.key), r: rng, scalar: true}
			v := r.graft(e.v, dec, rng, over, depth+1)
			if v == nil {
				v = nullNode()
			}
			out.Content = append(out.Content, k, v)
		}
	case yaml.SequenceNode:
		over[out] = patched{r: rng}
		for _, it := range n.Content {
			v := r.graft(it, dec, rng, over, depth+1)
			if v == nil {
				v = nullNode()
			}
			out.Content = append(out.Content, v)
		}
	default:
		if _, ok := scalar(n); !ok {
			return nullNode()
		}
		val := dec(n)
		out.Value = placeholder
		if s, ok := val.Str(); ok {
			out.Value = s
		}
		over[out] = patched{v: val, r: rng, scalar: true}
	}
	return out
}

// transform is one compiled patch transform.
type transform struct {
	typ, sub string
	// node is where problems are reported: the type, else the transform.
	node             *yaml.Node
	summary, problem string
	dec              func(*yaml.Node) lint.Value

	str           string // Format fmt, Convert type, Trim text, Join separator, Replace search
	replace       string
	re            *regexp.Regexp
	group         int
	mapping       *yaml.Node
	patterns      []matchPattern
	fallback      *yaml.Node
	fallbackInput bool
	num           float64
	toType        string
	format        string
}

type matchPattern struct {
	literal *string
	re      *regexp.Regexp
	result  *yaml.Node
}

var (
	stringConversions = map[string]bool{"ToUpper": true, "ToLower": true, "ToBase64": true, "FromBase64": true, "ToJson": true, "ToSha1": true, "ToSha256": true, "ToSha512": true, "ToAdler32": true}
	convertTypes      = map[string]bool{"string": true, "int": true, "int64": true, "bool": true, "float64": true, "object": true, "array": true}
	convertFormats    = map[string]bool{"": true, "none": true, "quantity": true, "json": true}
)

// compileTransform validates a transform. When it returns false, the
// transform's summary and problem say why, at its node.
func (r *renderer) compileTransform(c *composition, n *yaml.Node) (*transform, bool) {
	t := &transform{node: n, dec: c.d.value}
	bad := func(at *yaml.Node, summary, problem string) (*transform, bool) {
		if at != nil {
			t.node = at
		}
		t.summary, t.problem = summary, problem
		return t, false
	}
	invalid := func(at *yaml.Node, format string, args ...any) (*transform, bool) {
		return bad(at, "invalid composition transform", fmt.Sprintf(format, args...))
	}
	if m := resolve(n); m == nil || m.Kind != yaml.MappingNode {
		return invalid(n, "a transform must be an object")
	}
	_, tv := lookup(n, "type")
	typ, _ := scalar(tv)
	if typ == "" {
		for _, k := range []string{"map", "match", "math", "string", "convert"} {
			if _, v := lookup(n, k); v != nil {
				typ = k
				break
			}
		}
	}
	if tv != nil {
		t.node = tv
	}
	t.typ = typ
	_, body := lookup(n, typ)
	num := func(key string) (float64, *yaml.Node, bool) {
		_, v := lookup(body, key)
		s, ok := scalar(v)
		if !ok {
			return 0, v, false
		}
		f, err := strconv.ParseFloat(s, 64)
		return f, v, err == nil
	}
	switch typ {
	case "":
		return invalid(n, "a transform needs a type (map, match, math, string or convert)")
	case "map":
		if b := resolve(body); b == nil || b.Kind != yaml.MappingNode {
			return invalid(nil, "a map transform needs a map object")
		}
		t.mapping = body
	case "match":
		_, ps := lookup(body, "patterns")
		for _, p := range items(ps) {
			mp := matchPattern{}
			_, rn := lookup(p, "result")
			mp.result = rn
			switch pt := textAt(p, "type"); pt {
			case "", "literal":
				_, lv := lookup(p, "literal")
				l := resolve(lv)
				if l == nil || l.Kind != yaml.ScalarNode {
					return invalid(p, "a literal match pattern needs literal")
				}
				s := l.Value
				mp.literal = &s
			case "regexp":
				_, rv := lookup(p, "regexp")
				expr, ok := scalar(rv)
				re, err := regexp.Compile(expr)
				if !ok || err != nil {
					return invalid(p, "a regexp match pattern needs a valid regexp")
				}
				mp.re = re
			default:
				_, ptn := lookup(p, "type")
				return bad(ptn, "unsupported composition transform", fmt.Sprintf("match pattern type %q is not supported (literal, regexp)", pt))
			}
			t.patterns = append(t.patterns, mp)
		}
		_, t.fallback = lookup(body, "fallbackValue")
		t.fallbackInput = textAt(body, "fallbackTo") == "Input"
	case "math":
		_, mt := lookup(body, "type")
		t.sub, _ = scalar(mt)
		if t.sub == "" {
			t.sub = "Multiply"
		}
		key := map[string]string{"Multiply": "multiply", "ClampMin": "clampMin", "ClampMax": "clampMax"}[t.sub]
		if key == "" {
			return bad(mt, "unsupported composition transform", fmt.Sprintf("math transform type %q is not supported (Multiply, ClampMin, ClampMax)", t.sub))
		}
		f, at, ok := num(key)
		if !ok {
			return invalid(at, "a %s math transform needs a number in %s", t.sub, key)
		}
		t.num = f
	case "string":
		_, st := lookup(body, "type")
		t.sub, _ = scalar(st)
		if t.sub == "" {
			t.sub = "Format"
		}
		field := func(keys ...string) (string, *yaml.Node, bool) {
			_, v := path(body, keys...)
			s := resolve(v)
			if s == nil || s.Kind != yaml.ScalarNode || s.Tag == "!!null" {
				return "", v, false
			}
			return s.Value, v, true
		}
		switch t.sub {
		case "Format":
			f, _, ok := field("fmt")
			if !ok {
				return invalid(nil, "a Format string transform needs fmt")
			}
			t.str = f
		case "Convert":
			cv, at, _ := field("convert")
			if !stringConversions[cv] {
				if at == nil {
					at = st
				}
				return bad(at, "unsupported composition transform", fmt.Sprintf("string conversion %q is not supported", cv))
			}
			t.str = cv
		case "TrimPrefix", "TrimSuffix":
			s, _, ok := field("trim")
			if !ok {
				return invalid(nil, "a %s string transform needs trim", t.sub)
			}
			t.str = s
		case "Regexp":
			m, at, ok := field("regexp", "match")
			re, err := regexp.Compile(m)
			if !ok || err != nil {
				return invalid(at, "a Regexp string transform needs a valid regexp.match")
			}
			t.re = re
			if g, gn, ok := field("regexp", "group"); ok {
				n, err := strconv.Atoi(g)
				if err != nil || n < 0 {
					return invalid(gn, "regexp.group must be a non-negative integer")
				}
				t.group = n
			}
		case "Join":
			t.str, _, _ = field("join", "separator")
		case "Replace":
			s, _, ok := field("replace", "search")
			if !ok {
				return invalid(nil, "a Replace string transform needs replace.search")
			}
			t.str = s
			t.replace, _, _ = field("replace", "replace")
		default:
			return bad(st, "unsupported composition transform", fmt.Sprintf("string transform type %q is not supported (Format, Convert, TrimPrefix, TrimSuffix, Regexp, Join, Replace)", t.sub))
		}
	case "convert":
		_, tt := lookup(body, "toType")
		t.toType, _ = scalar(tt)
		if !convertTypes[t.toType] {
			if tt == nil {
				tt = body
			}
			return bad(tt, "unsupported composition transform", fmt.Sprintf("convert toType %q is not supported", t.toType))
		}
		_, fv := lookup(body, "format")
		t.format, _ = scalar(fv)
		if !convertFormats[t.format] {
			return bad(fv, "unsupported composition transform", fmt.Sprintf("convert format %q is not supported", t.format))
		}
	default:
		return bad(nil, "unsupported composition transform", fmt.Sprintf("transform type %q is not supported (faultline renders map, match, math, string and convert)", typ))
	}
	return t, true
}

// apply transforms a value. What cannot be computed statically (a value
// with unknown parts, a transform Crossplane would fail) is unknown.
func (t *transform) apply(v pval) pval {
	s, known := v.str()
	switch t.typ {
	case "map":
		if !known {
			return unknownVal()
		}
		for _, e := range entries(t.mapping) {
			if e.key == s {
				return nodeVal(e.v, t.dec)
			}
		}
		return unknownVal()
	case "match":
		if !known {
			return unknownVal()
		}
		for _, p := range t.patterns {
			if (p.literal != nil && *p.literal == s) || (p.re != nil && p.re.MatchString(s)) {
				return nodeVal(p.result, t.dec)
			}
		}
		if t.fallbackInput {
			return v
		}
		return nodeVal(t.fallback, t.dec)
	case "math":
		if !known {
			return unknownVal()
		}
		return pval{v: mathTransform(t.sub, s, t.num)}
	case "string":
		return pval{v: t.stringTransform(v)}
	case "convert":
		return convertTransform(t.toType, t.format, v)
	}
	return unknownVal()
}

// mathTransform computes Multiply, ClampMin or ClampMax on a number.
func mathTransform(op, s string, n float64) lint.Value {
	x, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return lint.Unknown()
	}
	_, intErr := strconv.ParseInt(s, 10, 64)
	isInt := intErr == nil && n == math.Trunc(n)
	var out float64
	switch op {
	case "Multiply":
		out = x * n
	case "ClampMin":
		out = math.Max(x, n)
	case "ClampMax":
		out = math.Min(x, n)
	}
	if isInt && math.Abs(out) < 1<<53 {
		return lint.Known(strconv.FormatInt(int64(out), 10))
	}
	return lint.Known(strconv.FormatFloat(out, 'f', -1, 64))
}

// stringTransform applies a string transform, keeping holes where the
// result provably keeps them (Format with %s, TrimPrefix/TrimSuffix of a
// literal end).
func (t *transform) stringTransform(v pval) lint.Value {
	if t.sub == "Join" {
		if v.node == nil || v.node.Kind != yaml.SequenceNode {
			return lint.Unknown()
		}
		var parts []string
		for _, it := range v.node.Content {
			s, ok := v.dec(it).Str()
			if !ok {
				return lint.Unknown()
			}
			parts = append(parts, s)
		}
		return lint.Known(strings.Join(parts, t.str))
	}
	if v.node != nil || v.v.IsUnknown() {
		return lint.Unknown()
	}
	s, known := v.v.Str()
	switch t.sub {
	case "Format":
		return sprintf(t.str, []lint.Value{v.v})
	case "TrimPrefix":
		if known {
			return lint.Known(strings.TrimPrefix(s, t.str))
		}
		pre := v.v.Prefix()
		if out, ok := v.v.TrimPrefixKnown(t.str); ok {
			return out
		}
		if !strings.HasPrefix(t.str, pre) {
			return v.v // the literal start differs: nothing is trimmed
		}
		return lint.Unknown()
	case "TrimSuffix":
		if known {
			return lint.Known(strings.TrimSuffix(s, t.str))
		}
		suf := v.v.Suffix()
		if strings.HasSuffix(suf, t.str) {
			segs := append([]lint.Segment(nil), v.v.Segments()...)
			last := &segs[len(segs)-1]
			last.Text = strings.TrimSuffix(last.Text, t.str)
			return lint.FromSegments(segs)
		}
		if !strings.HasSuffix(t.str, suf) {
			return v.v
		}
		return lint.Unknown()
	}
	if !known {
		return lint.Unknown()
	}
	switch t.sub {
	case "Convert":
		return stringConvert(t.str, s)
	case "Regexp":
		m := t.re.FindStringSubmatch(s)
		if m == nil || t.group >= len(m) {
			return lint.Unknown() // Crossplane fails the patch
		}
		return lint.Known(m[t.group])
	case "Replace":
		return lint.Known(strings.ReplaceAll(s, t.str, t.replace))
	}
	return lint.Unknown()
}

// stringConvert applies a string Convert transform to known text.
func stringConvert(conv, s string) lint.Value {
	switch conv {
	case "ToUpper":
		return lint.Known(strings.ToUpper(s))
	case "ToLower":
		return lint.Known(strings.ToLower(s))
	case "ToBase64":
		return lint.Known(base64.StdEncoding.EncodeToString([]byte(s)))
	case "FromBase64":
		b, err := base64.StdEncoding.DecodeString(s)
		if err != nil {
			return lint.Unknown()
		}
		return lint.Known(string(b))
	case "ToJson":
		b, _ := json.Marshal(s)
		return lint.Known(string(b))
	case "ToSha1":
		h := sha1.Sum([]byte(s))
		return lint.Known(hex.EncodeToString(h[:]))
	case "ToSha256":
		h := sha256.Sum256([]byte(s))
		return lint.Known(hex.EncodeToString(h[:]))
	case "ToSha512":
		h := sha512.Sum512([]byte(s))
		return lint.Known(hex.EncodeToString(h[:]))
	case "ToAdler32":
		return lint.Known(strconv.FormatUint(uint64(adler32.Checksum([]byte(s))), 10))
	}
	return lint.Unknown()
}

// convertTransform converts a scalar's text to another type; values are
// text in the model, so only conversions that can fail or change the text
// matter.
func convertTransform(toType, format string, v pval) pval {
	if v.node != nil {
		return unknownVal()
	}
	s, known := v.v.Str()
	switch toType {
	case "string":
		if format == "json" {
			return unknownVal()
		}
		return v
	case "bool":
		if b, err := strconv.ParseBool(s); known && err == nil {
			return pval{v: lint.Known(strconv.FormatBool(b))}
		}
	case "int", "int64":
		if !known || format == "quantity" {
			break
		}
		if i, err := strconv.ParseInt(s, 10, 64); err == nil {
			return pval{v: lint.Known(strconv.FormatInt(i, 10))}
		}
		if f, err := strconv.ParseFloat(s, 64); err == nil && math.Abs(f) < 1<<53 {
			return pval{v: lint.Known(strconv.FormatInt(int64(f), 10))}
		}
	case "float64":
		if !known || format == "quantity" {
			break
		}
		if f, err := strconv.ParseFloat(s, 64); err == nil {
			return pval{v: lint.Known(strconv.FormatFloat(f, 'f', -1, 64))}
		}
	}
	return unknownVal()
}

// sprintf formats args like fmt.Sprintf. With unknown parts it still
// yields a symbolic value when each unknown argument is formatted by a
// plain %s or %v.
func sprintf(format string, args []lint.Value) lint.Value {
	allKnown := true
	texts := make([]string, len(args))
	for i, a := range args {
		s, ok := a.Str()
		texts[i], allKnown = s, allKnown && ok
	}
	lits, verbs, ok := fmtVerbs(format)
	if !ok || len(verbs) != len(args) {
		if !allKnown {
			return lint.Unknown()
		}
		as := make([]any, len(texts))
		for i, s := range texts {
			as[i] = s
		}
		return lint.Known(fmt.Sprintf(format, as...))
	}
	parts := []lint.Value{lint.Known(lits[0])}
	for i, vb := range verbs {
		a := args[i]
		switch s, known := a.Str(); {
		case known:
			parts = append(parts, lint.Known(fmt.Sprintf(vb, typedArg(vb, s))))
		case !a.IsUnknown() && (vb == "%s" || vb == "%v"):
			parts = append(parts, a)
		default:
			return lint.Unknown()
		}
		parts = append(parts, lint.Known(lits[i+1]))
	}
	return lint.Concat(parts...)
}

// fmtVerbs splits a format into literal text and single-argument verbs
// ("%-5s"); ok is false for forms it does not model (explicit argument
// indexes, * widths).
func fmtVerbs(format string) (lits, verbs []string, ok bool) {
	var lit strings.Builder
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			lit.WriteByte(c)
			continue
		}
		if i+1 < len(format) && format[i+1] == '%' {
			lit.WriteByte('%')
			i++
			continue
		}
		j := i + 1
		for j < len(format) && strings.IndexByte("+-# 0123456789.", format[j]) >= 0 {
			j++
		}
		if j >= len(format) || format[j] == '[' || format[j] == '*' {
			return nil, nil, false
		}
		_, size := utf8.DecodeRuneInString(format[j:])
		lits = append(lits, lit.String())
		lit.Reset()
		verbs = append(verbs, format[i:j+size])
		i = j + size - 1
	}
	lits = append(lits, lit.String())
	return lits, verbs, true
}

// typedArg gives a verb the argument type Crossplane would pass: numbers
// for numeric verbs when the text is a number, else the text.
func typedArg(verb, s string) any {
	switch verb[len(verb)-1] {
	case 'd', 'b', 'o', 'x', 'X', 'c', 'U':
		if i, err := strconv.ParseInt(s, 10, 64); err == nil {
			return i
		}
	case 'e', 'E', 'f', 'F', 'g', 'G':
		if f, err := strconv.ParseFloat(s, 64); err == nil {
			return f
		}
	case 't':
		if b, err := strconv.ParseBool(s); err == nil {
			return b
		}
	}
	return s
}
