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
// fail the build instead, which the tree does not say; the note tells.
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
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/fluxcd/pkg/envsubst"
	"go.yaml.in/yaml/v3"

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
}

// Set is the Flux Kustomizations with post-build substitution in a tree.
type Set struct {
	ks []*Kustomization
}

var varName = regexp.MustCompile(`^[_[:alpha:]][_[:alpha:][:digit:]]*$`)

type source struct {
	kind, name, namespace string
	data                  map[string]string
	sealed                bool // SOPS-encrypted: values unreadable
}

// Find reads the Flux Kustomizations with spec.postBuild in files and
// the ConfigMaps and Secrets they substitute from.
func Find(files []File, opts Options) *Set {
	needle := []byte(Group)
	var sources []source
	type found struct {
		f   File
		top *yaml.Node
	}
	var ks []found
	for _, f := range files {
		if !bytes.Contains(f.Data, needle) && !bytes.Contains(f.Data, []byte("ConfigMap")) && !bytes.Contains(f.Data, []byte("Secret")) {
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
			case kind == "Kustomization" && strings.HasPrefix(api, Group+"/") && at(top, "spec", "postBuild") != nil:
				ks = append(ks, found{f, top})
			case api == "v1" && (kind == "ConfigMap" || kind == "Secret"):
				sources = append(sources, readSource(kind, top))
			}
		}
	}
	s := &Set{}
	for _, k := range ks {
		s.ks = append(s.ks, build(k.f, k.top, sources, opts))
	}
	return s
}

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

// lookup finds a source by kind and name in namespace ns: the one in ns,
// else the single one whose namespace is not written (set at apply
// time), or any single one when ns is not written.
func lookup(sources []source, kind, name, ns string) *source {
	var loose []*source
	for i := range sources {
		c := &sources[i]
		if c.kind != kind || c.name != name {
			continue
		}
		if c.namespace == ns {
			return c
		}
		if c.namespace == "" || ns == "" {
			loose = append(loose, c)
		}
	}
	if len(loose) == 1 {
		return loose[0]
	}
	return nil
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
	p := str(at(top, "spec", "path"))
	if p == "" {
		p = "."
	}
	seen := map[string]bool{}
	if opts.Bases != nil {
		for _, b := range opts.Bases(f.Dir) {
			d := filepath.Clean(filepath.Join(b, filepath.FromSlash(p)))
			if !seen[d] {
				seen[d] = true
				k.Dirs = append(k.Dirs, d)
			}
		}
	}
	for _, ref := range items(at(pb, "substituteFrom")) {
		kind, rname := str(at(ref, "kind")), str(at(ref, "name"))
		src := lookup(sources, kind, rname, ns)
		if src == nil || src.sealed {
			// Not in the tree (or unreadable): it may define any
			// variable, overriding those before it.
			k.open = true
			k.vars = map[string]string{}
			k.missing = append(k.missing, kind+" "+rname)
			continue
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

// Diagnostic is a substitution that fails the Kustomization's build.
type Diagnostic struct {
	Line    int // 1-based, in the data substituted
	Summary string
	Detail  string
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
					diags = append(diags, Diagnostic{Line: start + i + 1, Summary: "Flux post-build substitution fails", Detail: k.Label + ": " + err.Error()})
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
	return "", true
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
		parts = append(parts, fmt.Sprintf("%d variable(s) left unknown (%s), which %s outside the scanned tree may define", n, names(k.seenHoles), strings.Join(k.missing, ", ")))
	}
	if n := len(k.seenEmpty); n > 0 {
		parts = append(parts, fmt.Sprintf("%d variable(s) defined nowhere (%s) substituted with the empty string, as kustomize-controller does without strict substitution (with the StrictPostBuildSubstitutions feature gate, on by default from v1.9, the build fails)", n, names(k.seenEmpty)))
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
