package helm

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/internal/yamlanchor"
	"github.com/faultline-dev/faultline/internal/yamldup"
	"github.com/faultline-dev/faultline/internal/yamlpos"
	"github.com/faultline-dev/faultline/lint"
)

// maxValuesFile is the largest values file (helmfile, Argo CD, Flux)
// read.
const maxValuesFile = 8 << 20

// parseYAML decodes every document of data (yamlpos.DecodeAll).
func parseYAML(data []byte) ([]*yaml.Node, error) { return yamlpos.DecodeAll(data) }

// body returns a document's top node (nil for an empty document).
func body(doc *yaml.Node) *yaml.Node {
	if doc == nil {
		return nil
	}
	if doc.Kind == yaml.DocumentNode {
		if len(doc.Content) == 0 {
			return nil
		}
		return deref(doc.Content[0])
	}
	return deref(doc)
}

// deref follows a bounded chain of aliases.
func deref(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode; i++ {
		if i >= 16 {
			return nil
		}
		n = n.Alias
	}
	return n
}

// get returns the key and value nodes of key in mapping n: written in it,
// else taken from what a merge key (`<<: *shared`, `<<: [*a, *b]`, the
// first holding it) merges in, as YAML 1.1 merges (helmfile's and Helm's
// YAML libraries do).
func get(n *yaml.Node, key string) (k, v *yaml.Node) {
	return getMerged(n, key, 0)
}

// maxMergeDepth bounds merge keys followed through merged mappings.
const maxMergeDepth = 8

// getMerged is get, depth merge keys deep.
func getMerged(n *yaml.Node, key string, depth int) (k, v *yaml.Node) {
	n = deref(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return nil, nil
	}
	var merges []*yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		kn := deref(n.Content[i])
		if kn == nil || kn.Kind != yaml.ScalarNode {
			continue
		}
		if kn.Tag == "!!merge" {
			merges = append(merges, deref(n.Content[i+1]))
			continue
		}
		if kn.Value == key {
			k, v = n.Content[i], deref(n.Content[i+1])
		}
	}
	if k != nil || depth >= maxMergeDepth {
		return k, v
	}
	for _, m := range merges {
		from := []*yaml.Node{m}
		if m != nil && m.Kind == yaml.SequenceNode {
			from = m.Content
		}
		for _, f := range from {
			if k, v = getMerged(f, key, depth+1); k != nil {
				return k, v
			}
		}
	}
	return nil, nil
}

// at follows keys down nested mappings and returns the last value node.
func at(n *yaml.Node, keys ...string) *yaml.Node {
	for _, k := range keys {
		if _, n = get(n, k); n == nil {
			return nil
		}
	}
	return n
}

// str returns a non-null scalar's text ("" otherwise).
func str(n *yaml.Node) string {
	n = deref(n)
	if n == nil || n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return ""
	}
	return n.Value
}

// items returns a sequence's elements (nil otherwise).
func items(n *yaml.Node) []*yaml.Node {
	n = deref(n)
	if n == nil || n.Kind != yaml.SequenceNode {
		return nil
	}
	out := make([]*yaml.Node, 0, len(n.Content))
	for _, c := range n.Content {
		out = append(out, deref(c))
	}
	return out
}

// nodeRange is where a node is written: a scalar spans its first line of
// text (with quotes), a collection its first position.
func nodeRange(file string, n *yaml.Node) lint.Range {
	if n == nil {
		return lint.Range{}
	}
	line, col := max(n.Line, 1), max(n.Column, 1)
	w := 0
	if n.Kind == yaml.ScalarNode {
		text := n.Value
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			text = text[:i]
		}
		w = utf8.RuneCountInString(text)
		switch {
		case n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0:
			w = 1
		case n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0:
			w += 2
		}
	}
	return lint.Range{File: file, Line: line, Column: col, EndLine: line, EndColumn: col + w}
}

// pointRange is an empty range at a position.
func pointRange(file string, line, col int) lint.Range {
	return lint.Range{File: file, Line: line, Column: col, EndLine: line, EndColumn: col}
}

// posFunc maps a node of a values document to where it is written.
type posFunc func(n *yaml.Node) lint.Range

// filePos places nodes of a YAML file read on its own.
func filePos(file string) posFunc {
	return func(n *yaml.Node) lint.Range { return nodeRange(file, n) }
}

// embeddedPos places nodes of a YAML document written inside string
// scalar s of file data (Argo CD `values: |`, a ConfigMap's `values.yaml:
// |`): a literal block keeps lines, so inner positions shift by the
// block's line and indentation; any other style maps to s itself.
func embeddedPos(file string, data []byte, s *yaml.Node) posFunc {
	whole := nodeRange(file, s)
	if s.Style&yaml.LiteralStyle == 0 {
		return func(*yaml.Node) lint.Range { return whole }
	}
	indent := -1
	lines := bytes.Split(data, []byte("\n"))
	for i := s.Line; i < len(lines); i++ { // lines[s.Line] is the line after the indicator
		l := bytes.TrimRight(lines[i], " \t\r")
		if len(l) == 0 {
			continue
		}
		indent = len(l) - len(bytes.TrimLeft(l, " "))
		break
	}
	if indent < 0 {
		return func(*yaml.Node) lint.Range { return whole }
	}
	return func(n *yaml.Node) lint.Range {
		r := nodeRange(file, n)
		r.Line += s.Line
		r.EndLine += s.Line
		r.Column += indent
		r.EndColumn += indent
		return r
	}
}

// toGo converts a YAML node into Go values as Helm reads them: string
// keys only, numbers as int or float64, and of a key written twice in
// one mapping the last value (chartutil.ReadValues keeps it; see
// internal/yamldup).
func toGo(n *yaml.Node) (v any, err error) {
	v, _, _, err = toGoDups(n)
	return v, err
}

// toGoDups is toGo that also returns the document as read (duplicates
// dropped, for positions) and the keys written twice.
func toGoDups(n *yaml.Node) (v any, read *yaml.Node, dups []yamldup.Duplicate, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("yaml: %v", r)
		}
	}()
	read, dups = yamldup.LastWins(n)
	if err := read.Decode(&v); err != nil {
		return nil, nil, nil, err
	}
	return stringKeys(v), read, dups, nil
}

// duplicateKeys records the keys a values document writes twice, placed
// by pos: Helm keeps the last value of each.
func duplicateKeys(dups []yamldup.Duplicate, pos posFunc) []*lint.DuplicateKey {
	var out []*lint.DuplicateKey
	for _, d := range dups {
		last, first := pos(d.Last), pos(d.First)
		out = append(out, &lint.DuplicateKey{
			Object: lint.Object{Kind: lint.KindDuplicateKey, Addr: last.String() + "#" + first.String(), Label: "key " + d.Key,
				Name: lint.Known(d.Key), Range: last, NameRange: last},
			Key: d.Key, Path: d.Path, First: first, Reader: "Helm",
		})
	}
	return out
}

// stringKeys turns map[any]any (non-string YAML keys) into map[string]any.
func stringKeys(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = stringKeys(e)
		}
		return x
	case map[any]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[fmt.Sprint(k)] = stringKeys(e)
		}
		return out
	case []any:
		for i, e := range x {
			x[i] = stringKeys(e)
		}
		return x
	}
	return v
}

// normalizeValues returns a copy of values as Helm's values-file reader
// would produce them (through JSON: numbers are float64), so in-process
// and child rendering see the same types, and a canonical encoding.
func normalizeValues(values map[string]any) (map[string]any, []byte, error) {
	if values == nil {
		values = map[string]any{}
	}
	b, err := json.Marshal(stringKeys(deepCopy(values)))
	if err != nil {
		return nil, nil, err
	}
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, nil, err
	}
	if out == nil {
		out = map[string]any{}
	}
	return out, b, nil
}

// deepCopy copies maps and slices so merging never aliases a caller's
// values.
func deepCopy(v any) map[string]any {
	m, _ := copyAny(v).(map[string]any)
	return m
}

func copyAny(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = copyAny(e)
		}
		return out
	case map[any]any:
		out := make(map[any]any, len(x))
		for k, e := range x {
			out[k] = copyAny(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = copyAny(e)
		}
		return out
	}
	return v
}

// getPath reads the value at a dotted key path.
func getPath(m map[string]any, path ...string) (any, bool) {
	var cur any = m
	for _, p := range path {
		mm, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		if cur, ok = mm[p]; !ok {
			return nil, false
		}
	}
	return cur, true
}

// setValue types a --set value as Helm's strvals does for the common
// cases: booleans, null, integers; anything else is a string.
func setValue(s string) any {
	switch s {
	case "true":
		return true
	case "false":
		return false
	case "null":
		return nil
	}
	if s == "0" || (len(s) > 0 && s[0] != '0' && s[0] != '+') {
		if i, err := strconv.ParseInt(s, 10, 64); err == nil {
			return i
		}
	}
	return s
}

// recordRanges records where every leaf of a values document is written,
// by dotted key path (sequences as a whole, as helm_release does).
func recordRanges(r *lint.Release, n *yaml.Node, prefix string, pos posFunc) {
	budget := maxWalk
	recordBounded(r, n, prefix, pos, &budget, yamlanchor.Aliased(n))
}

func recordBounded(r *lint.Release, n *yaml.Node, prefix string, pos posFunc, budget *int, aliased map[string]bool) {
	ranges := r.ValueRanges
	n = deref(n)
	if n == nil || *budget <= 0 {
		return
	}
	*budget--
	switch n.Kind {
	case yaml.MappingNode:
		if len(n.Content) == 0 && prefix != "" {
			ranges[prefix] = pos(n) // an empty block ({}): a value set
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := deref(n.Content[i])
			if k == nil || k.Kind != yaml.ScalarNode {
				continue
			}
			key := joinKey(prefix, k.Value)
			r.SetKeyRange(key, pos(k))
			if yamlanchor.Holds(n.Content[i+1], aliased) {
				if r.AnchorKeys == nil {
					r.AnchorKeys = map[string]bool{}
				}
				r.AnchorKeys[key] = true
			}
			if v := deref(n.Content[i+1]); v != nil && v.Kind == yaml.MappingNode && len(v.Content) > 0 {
				ranges[key] = pos(k) // a block: its key, where a finding on all of it points
			}
			recordBounded(r, n.Content[i+1], key, pos, budget, aliased)
		}
	case yaml.ScalarNode:
		if prefix != "" {
			ranges[prefix] = pos(n)
		}
	case yaml.SequenceNode:
		if prefix != "" {
			ranges[prefix] = pos(n)
		}
		// Each item where it is written (apps[0], apps[0].namespace): a
		// value a template renders from an item is placed at its key,
		// not at the list.
		for i, item := range n.Content {
			recordBounded(r, item, prefix+"["+strconv.Itoa(i)+"]", pos, budget, aliased)
		}
	}
}

func joinKey(prefix, k string) string {
	if prefix == "" {
		return k
	}
	return prefix + "." + k
}

// rangeFor finds where the value at key was set: the key itself, or the
// longest recorded prefix of it (a list, a whole document).
func rangeFor(ranges map[string]lint.Range, key string) (lint.Range, bool) {
	for k := key; k != ""; {
		if r, ok := ranges[k]; ok {
			return r, true
		}
		i := strings.LastIndexAny(k, ".[")
		if i < 0 {
			break
		}
		k = k[:i]
	}
	return lint.Range{}, false
}

// sortedKeys returns a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// paths resolves files for the parsers: display paths, and whether a
// path may be read (inside a scan root, after symlinks).
type paths struct {
	roots []string // evaluated
	tree  *treefs.Tree
	rel   func(string) string
}

func newPaths(opts *Options) *paths {
	p := &paths{rel: opts.Rel, tree: opts.Tree}
	for _, r := range opts.Roots {
		if real, err := filepath.EvalSymlinks(r); err == nil {
			p.roots = append(p.roots, real)
		} else {
			p.roots = append(p.roots, filepath.Clean(r))
		}
	}
	if p.rel == nil {
		p.rel = func(abs string) string { return filepath.ToSlash(abs) }
	}
	return p
}

// inside reports whether abs (symlinks evaluated) lies in a scan root;
// with no roots everything is inside.
func (p *paths) inside(abs string) bool {
	if p.tree != nil {
		return p.tree.Contains(abs)
	}
	if len(p.roots) == 0 {
		return true
	}
	for _, r := range p.roots {
		if within(r, abs) {
			return true
		}
	}
	return false
}

// within reports whether path is dir or below it (both clean).
func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// errOutside marks a file that exists but lies outside the scanned tree.
var errOutside = errors.New("outside the scanned tree")

// readFile reads a values file with bounds: it must be a regular file in
// the scanned tree (after symlinks) and not too large.
func (p *paths) readFile(abs string) ([]byte, error) {
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, err
	}
	if !p.inside(real) {
		return nil, errOutside
	}
	return readLimited(p.tree, real, maxValuesFile)
}

// isFile reports whether abs is a regular file of the scanned tree.
func (p *paths) isFile(abs string) bool {
	if p.tree != nil {
		return p.tree.IsFile(abs)
	}
	st, err := os.Stat(abs)
	return err == nil && st.Mode().IsRegular()
}

// valuesInEffect are the values a rendering of cd for r (nil: the
// chart's defaults) reads as .Values, as far as they are known: the
// chart's values.yaml with the release's values merged over it, maps
// key by key as Helm coalesces them (subcharts' defaults left out).
func valuesInEffect(cd *chartData, r *lint.Release) map[string]any {
	out := map[string]any{}
	if n := body(cd.valuesDocs()["values.yaml"]); n != nil {
		if v, err := toGo(n); err == nil {
			if m, ok := v.(map[string]any); ok {
				out = m
			}
		}
	}
	if r != nil {
		lint.MergeValues(out, r.Values)
	}
	return out
}

// passedOnKeys are the top-level keys of doc, a values document a
// chart's template rendered, that the template passed on from its own
// values (`toYaml .Values`, `omit .Values "apps"`): the keys holding the
// value in effect there (rendering), when they are two or more and at
// least half the rendering's keys. A template that names a value or two
// for the Application's chart (`hostname: {{ .Values.hostname }}`) of
// many it has chose them for that chart, and gives none; so does a
// single key, not told from one written for the release that happens
// to match. A key written beside the values passed on is not one.
func passedOnKeys(doc, rendering map[string]any) []string {
	var keys []string
	for k, v := range doc {
		if w, ok := rendering[k]; ok && sameValue(v, w) {
			keys = append(keys, k)
		}
	}
	if len(keys) < 2 || 2*len(keys) < len(rendering) {
		return nil
	}
	sort.Strings(keys)
	return keys
}

// sameValue reports whether two values trees are equal as Helm renders
// them (numbers by value, whatever Go type decoding gave them).
func sameValue(a, b any) bool {
	ja, err := json.Marshal(a)
	if err != nil {
		return false
	}
	jb, err := json.Marshal(b)
	return err == nil && bytes.Equal(ja, jb)
}
