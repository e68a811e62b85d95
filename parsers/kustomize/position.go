package kustomize

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/faultline-dev/faultline/internal/yamlpos"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// offset shifts positions parsed from an inline patch to the file.
type offset struct{ line, col int }

// patchSrc is one patch kustomize applies: a file, or inline text in a
// kustomization.
type patchSrc struct {
	mem  string       // memory path of the file holding it
	docs []*yaml.Node // its documents
	off  offset
	// inline is the kustomization scalar holding an inline patch whose
	// positions cannot be traced exactly (not a literal block).
	inline *yaml.Node
	kust   *kustomization
	target *selector
	// entry is the kustomization node naming the patch.
	entry *yaml.Node
	// extra, when set, is the patch of Options.Patches it is: positions
	// are in its file (at its offset when traced, else the whole patch).
	extra *Patch
}

// selector is a patch target (the fields positions need).
type selector struct {
	kind string
	name *regexp.Regexp
	raw  string
}

// matches reports whether the target selects the rendered object. A name
// prefix or suffix added after the patch is tolerated.
func (s *selector) matches(d *docIndex) bool {
	if s.kind != "" && s.kind != d.kind {
		return false
	}
	if s.raw == "" {
		return true
	}
	return s.raw == d.name || strings.Contains(d.name, s.raw) || (s.name != nil && s.name.MatchString(d.name))
}

// collectPatches records the patches of a kustomization, after those of
// the bases it includes (the order kustomize applies them in).
func (b *builder) collectPatches(k *kustomization) {
	fromFile := func(n *yaml.Node, target *selector) {
		m := b.mem(absUnder(k.dir, n.Value))
		data, ok := b.orig[m]
		if !ok {
			return
		}
		docs := b.opts.Cache.documents(b.files[m], data)
		b.patches = append(b.patches, &patchSrc{mem: m, docs: docs, kust: k, target: target, entry: n})
	}
	inline := func(n *yaml.Node, target *selector) {
		docs, _ := pluginDocs([]byte(n.Value))
		p := &patchSrc{mem: b.mem(k.file), docs: docs, kust: k, target: target, entry: n}
		if n.Style&yaml.LiteralStyle != 0 {
			p.off = offset{line: n.Line, col: yamlpos.Indent(k.data, n.Line+1)}
		} else {
			p.inline = n
		}
		b.patches = append(b.patches, p)
	}
	if seq := get(k.top, "patchesStrategicMerge"); seq != nil && seq.Kind == yaml.SequenceNode {
		for _, it := range seq.Content {
			r := ref{value: str(it), kind: refAny}
			if r.value == "" {
				continue
			}
			if _, ok := b.orig[b.mem(absUnder(k.dir, r.value))]; ok && !r.isInline() {
				fromFile(it, nil)
			} else {
				inline(it, nil)
			}
		}
	}
	for _, f := range []string{"patches", "patchesJson6902"} {
		seq := get(k.top, f)
		if seq == nil || seq.Kind != yaml.SequenceNode {
			continue
		}
		for _, it := range seq.Content {
			target := selectorOf(get(it, "target"))
			if p := get(it, "path"); str(p) != "" {
				fromFile(p, target)
			} else if n := get(it, "patch"); str(n) != "" {
				inline(n, target)
			}
		}
	}
}

// extraPatches appends Options.Patches to the root kustomization k's
// patches field, after its own (kustomize-controller's order), and
// records them for positions.
func (b *builder) extraPatches(k *kustomization) {
	if len(b.opts.Patches) == 0 || k.top == nil {
		return
	}
	seq := get(k.top, "patches")
	if seq == nil || seq.Kind != yaml.SequenceNode {
		seq = &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
		setKey(k.top, "patches", seq)
	}
	for i := range b.opts.Patches {
		p := &b.opts.Patches[i]
		it := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
		setKey(it, "patch", &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: p.Text, Style: yaml.LiteralStyle})
		if p.Target != nil {
			setKey(it, "target", copyNode(p.Target))
		}
		seq.Content = append(seq.Content, it)
		docs, _ := pluginDocs([]byte(p.Text))
		b.patches = append(b.patches, &patchSrc{mem: b.mem(k.file), docs: docs, kust: k, target: selectorOf(p.Target), entry: it, extra: p})
	}
}

// selectorOf reads a patch target.
func selectorOf(n *yaml.Node) *selector {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	s := &selector{kind: str(get(n, "kind")), raw: str(get(n, "name"))}
	if s.raw != "" {
		s.name, _ = regexp.Compile("^(?:" + s.raw + ")$")
	}
	return s
}

// docIndex is one rendered object and where its text lies in Content.
type docIndex struct {
	renderedDoc
	node        *yaml.Node // the object's mapping in Content (nil unknown)
	first, last int        // lines in Content
}

// mapper maps ranges in rendered output back to source files.
type mapper struct {
	b       *builder
	docs    []*docIndex
	content []byte // the rendered output

	mu    sync.Mutex
	cache map[string][]*yaml.Node // memory path → parsed documents
}

// newMapper indexes the rendered objects (docs) by the documents parsed
// from the output (nodes, those that parsed).
func newMapper(b *builder, content []byte, docs []renderedDoc, nodes []*yaml.Node) *mapper {
	m := &mapper{b: b, content: content, cache: map[string][]*yaml.Node{}}
	for i, d := range docs {
		di := &docIndex{renderedDoc: d}
		if len(nodes) == len(docs) {
			di.node = docRoot(nodes[i])
			di.first = max(di.node.Line, 1)
		}
		m.docs = append(m.docs, di)
	}
	for i, d := range m.docs {
		d.last = 1 << 30
		if i+1 < len(m.docs) {
			d.last = m.docs[i+1].first - 1
		}
	}
	return m
}

// step is one element of a path into a YAML document: a mapping key, or a
// sequence index with the rendered item (to match items by name).
type step struct {
	key     string
	index   int
	isIndex bool
	item    *yaml.Node
}

// Map implements Rendered.Map.
func (m *mapper) Map(r lint.Range, text string) lint.Range {
	m.mu.Lock()
	defer m.mu.Unlock()
	i := sort.Search(len(m.docs), func(i int) bool { return m.docs[i].first > r.Line }) - 1
	if i < 0 || m.docs[i].node == nil {
		return m.b.fallback
	}
	d := m.docs[i]
	steps, isKey, val, ok := locate(d.node, r.Line, r.Column)
	if !ok {
		if r, ok := m.inBlock(d, r); ok {
			return r
		}
	}
	if !ok || len(steps) == 0 {
		return m.objectRange(d)
	}
	return m.resolve(d, steps, isKey, val)
}

// maxRangeDepth bounds recursion into nested YAML.
const maxRangeDepth = 100

// locate finds the node starting at line:col and the path to it. The
// tree is parsed text, in document order: a pair or item whose successor
// starts above line holds nothing starting on line, and once one starts
// below line so does everything after it in its collection, so neither
// is walked.
func locate(root *yaml.Node, line, col int) (steps []step, isKey bool, val *yaml.Node, ok bool) {
	at := func(n *yaml.Node) bool {
		l, c := yamlpos.Start(n)
		return l == line && (c == col || n.Column == col)
	}
	var walk func(n *yaml.Node, depth int) bool
	walk = func(n *yaml.Node, depth int) bool {
		if depth > maxRangeDepth {
			return false
		}
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				k, v := n.Content[i], n.Content[i+1]
				if k.Line > line {
					return false // this pair and the rest start below line
				}
				if i+2 < len(n.Content) && n.Content[i+2].Line < line {
					continue // the pair ends above line: the next key starts there
				}
				steps = append(steps, step{key: k.Value})
				if at(k) {
					isKey, val = true, v
					return true
				}
				if at(v) && v.Kind == yaml.ScalarNode {
					val = v
					return true
				}
				if walk(v, depth+1) {
					return true
				}
				if at(v) {
					val = v
					return true
				}
				steps = steps[:len(steps)-1]
			}
		case yaml.SequenceNode:
			for i, it := range n.Content {
				if it.Line > line {
					return false // this item and the rest start below line
				}
				if i+1 < len(n.Content) && n.Content[i+1].Line < line {
					continue // the item ends above line: the next starts there
				}
				steps = append(steps, step{index: i, isIndex: true, item: it})
				if at(it) && it.Kind == yaml.ScalarNode {
					val = it
					return true
				}
				if walk(it, depth+1) {
					return true
				}
				if at(it) {
					val = it
					return true
				}
				steps = steps[:len(steps)-1]
			}
		}
		return false
	}
	if at(root) && root.Kind != yaml.MappingNode {
		return nil, false, root, true
	}
	if walk(root, 0) {
		return steps, isKey, val, true
	}
	if at(root) {
		return nil, false, root, true
	}
	return nil, false, nil, false
}

// resolve maps the node at steps in a rendered object to its source.
func (m *mapper) resolve(d *docIndex, steps []step, isKey bool, val *yaml.Node) lint.Range {
	scalar := val != nil && val.Kind == yaml.ScalarNode
	// A value a patch sets (the last patch wins).
	if scalar {
		for i := len(m.b.patches) - 1; i >= 0; i-- {
			if r, ok := m.patchHit(m.b.patches[i], d, steps, val, true, isKey); ok {
				return r
			}
		}
	}
	// Chart output: the chart entry.
	if r, ok := m.b.helm[d.origin]; ok {
		return r
	}
	// Where the object itself writes it.
	od := m.originDoc(d)
	if od != nil {
		if k, v := lookupFrom(docRoot(od), steps); v != nil {
			return m.rangeIn(d.origin, k, v, isKey, offset{})
		}
	}
	// A structure a patch adds.
	for i := len(m.b.patches) - 1; i >= 0; i-- {
		if r, ok := m.patchHit(m.b.patches[i], d, steps, val, false, isKey); ok {
			return r
		}
	}
	// A value a kustomization sets (namespace, labels, images, …).
	if scalar && val.Value != "" {
		kusts := m.b.order
		if d.configuredIn != "" {
			for _, k := range m.b.order {
				if m.b.mem(k.file) == d.configuredIn {
					kusts = []*kustomization{k}
				}
			}
		}
		for _, k := range kusts {
			if kn, vn := findScalar(k.top, val.Value, 0); vn != nil {
				return m.rangeIn(m.b.mem(k.file), kn, vn, isKey, offset{})
			}
		}
	}
	// The nearest enclosing field the object writes.
	if od != nil {
		for n := len(steps) - 1; n > 0; n-- {
			if k, v := lookupFrom(docRoot(od), steps[:n]); v != nil {
				return m.rangeIn(d.origin, k, v, true, offset{})
			}
		}
	}
	return m.objectRange(d)
}

// patchHit reports where a patch writes the node at steps: with exact, only
// when it writes the rendered scalar value.
func (m *mapper) patchHit(p *patchSrc, d *docIndex, steps []step, val *yaml.Node, exact, isKey bool) (lint.Range, bool) {
	if p.target != nil && !p.target.matches(d) {
		return lint.Range{}, false
	}
	same := func(v *yaml.Node) bool {
		if !exact {
			return true
		}
		return v.Kind == yaml.ScalarNode && val != nil && v.Value == val.Value
	}
	hit := func(k, v *yaml.Node) (lint.Range, bool) {
		if e := p.extra; e != nil {
			if !e.Traced {
				return e.At, true
			}
			r := nodeRange(v, offset{line: e.Line, col: e.Column})
			if isKey && k != nil {
				r = nodeRange(k, offset{line: e.Line, col: e.Column})
			}
			r.File = e.At.File
			return r, true
		}
		if p.inline != nil {
			r := nodeRange(p.inline, offset{})
			r.File = m.b.rel(m.b.disk(p.mem))
			return r, true
		}
		return m.rangeIn(p.mem, k, v, isKey, p.off), true
	}
	for di := len(p.docs) - 1; di >= 0; di-- {
		root := docRoot(p.docs[di])
		if root == nil {
			continue
		}
		switch root.Kind {
		case yaml.SequenceNode: // JSON 6902
			if p.target == nil {
				continue
			}
			for oi := len(root.Content) - 1; oi >= 0; oi-- {
				op := root.Content[oi]
				if o := str(get(op, "op")); o != "add" && o != "replace" {
					continue
				}
				toks := pointer(str(get(op, "path")))
				if !prefixMatch(toks, steps) {
					continue
				}
				k, v := getPair(op, "value")
				if v == nil {
					continue
				}
				if rest := steps[len(toks):]; len(rest) > 0 {
					if k, v = lookupFrom(v, rest); v == nil {
						continue
					}
				}
				if same(v) {
					return hit(k, v)
				}
			}
		case yaml.MappingNode: // strategic merge
			if p.target == nil && !smpMatches(root, d) || identifies(steps) {
				continue
			}
			if str(get(root, "$patch")) == "delete" {
				continue
			}
			if k, v := lookupFrom(root, steps); v != nil && same(v) {
				return hit(k, v)
			}
		}
	}
	return lint.Range{}, false
}

// identifies reports whether steps lead to a field a strategic merge
// patch writes to name its target rather than to change it.
func identifies(steps []step) bool {
	switch len(steps) {
	case 1:
		return steps[0].key == "apiVersion" || steps[0].key == "kind"
	case 2:
		return steps[0].key == "metadata" && (steps[1].key == "name" || steps[1].key == "namespace")
	}
	return false
}

// smpMatches reports whether a strategic merge patch names the object.
func smpMatches(root *yaml.Node, d *docIndex) bool {
	kind, name := str(get(root, "kind")), str(get(get(root, "metadata"), "name"))
	return kind == d.kind && name != "" && (name == d.name || strings.Contains(d.name, name))
}

// pointer splits a JSON pointer into its unescaped tokens.
func pointer(p string) []string {
	if p == "" || p == "/" {
		return nil
	}
	toks := strings.Split(strings.TrimPrefix(p, "/"), "/")
	for i, t := range toks {
		toks[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
	}
	return toks
}

// prefixMatch reports whether a JSON pointer leads to steps or above them.
func prefixMatch(toks []string, steps []step) bool {
	if len(toks) > len(steps) {
		return false
	}
	for i, t := range toks {
		s := steps[i]
		if s.isIndex {
			if t != "-" && t != strconv.Itoa(s.index) {
				return false
			}
		} else if t != s.key {
			return false
		}
	}
	return true
}

// lookupFrom follows steps from n and returns the key (nil for sequence
// items) and value found.
func lookupFrom(n *yaml.Node, steps []step) (key, val *yaml.Node) {
	for _, s := range steps {
		for n != nil && n.Kind == yaml.AliasNode {
			n = n.Alias
		}
		if n == nil {
			return nil, nil
		}
		if s.isIndex {
			if n.Kind != yaml.SequenceNode {
				return nil, nil
			}
			it := matchItem(n, s)
			if it == nil {
				return nil, nil
			}
			key, n = nil, it
			continue
		}
		k, v := getPair(n, s.key)
		if v == nil {
			return nil, nil
		}
		key, n = k, v
	}
	return key, n
}

// matchItem finds the source item of a sequence that a rendered item came
// from: the same name (strategic merge key), the same scalar, else the same
// index.
func matchItem(seq *yaml.Node, s step) *yaml.Node {
	ri := s.item
	if ri != nil {
		switch ri.Kind {
		case yaml.MappingNode:
			if name := str(get(ri, "name")); name != "" {
				for _, it := range seq.Content {
					if str(get(it, "name")) == name {
						return it
					}
				}
				return nil
			}
		case yaml.ScalarNode:
			for _, it := range seq.Content {
				if it.Kind == yaml.ScalarNode && it.Value == ri.Value {
					return it
				}
			}
		}
	}
	if s.index < len(seq.Content) {
		return seq.Content[s.index]
	}
	return nil
}

// findScalar finds a scalar value (not a key) equal to text.
func findScalar(n *yaml.Node, text string, depth int) (key, val *yaml.Node) {
	if n == nil || depth > maxRangeDepth {
		return nil, nil
	}
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if v.Kind == yaml.ScalarNode && v.Value == text {
				return k, v
			}
			if k2, v2 := findScalar(v, text, depth+1); v2 != nil {
				return k2, v2
			}
		}
	case yaml.SequenceNode:
		for _, it := range n.Content {
			if it.Kind == yaml.ScalarNode && it.Value == text {
				return nil, it
			}
			if k2, v2 := findScalar(it, text, depth+1); v2 != nil {
				return k2, v2
			}
		}
	}
	return nil, nil
}

// source returns the parsed documents of a copied file.
func (m *mapper) source(mem string) []*yaml.Node {
	if docs, ok := m.cache[mem]; ok {
		return docs
	}
	docs := m.b.opts.Cache.documents(m.b.files[mem], m.b.orig[mem])
	m.cache[mem] = docs
	return docs
}

// originDoc finds the document an object came from in its source file.
func (m *mapper) originDoc(d *docIndex) *yaml.Node {
	if d.origin == "" {
		return nil
	}
	docs := m.source(d.origin)
	var best *yaml.Node
	bestLen := -1
	var kindOnly []*yaml.Node
	for _, doc := range docs {
		root := docRoot(doc)
		if str(get(root, "kind")) != d.kind {
			continue
		}
		kindOnly = append(kindOnly, doc)
		name := str(get(get(root, "metadata"), "name"))
		if name == d.name {
			return doc
		}
		if name != "" && strings.Contains(d.name, name) && len(name) > bestLen {
			best, bestLen = doc, len(name)
		}
	}
	if best != nil {
		return best
	}
	if len(kindOnly) == 1 {
		return kindOnly[0]
	}
	if len(docs) == 1 {
		return docs[0]
	}
	return nil
}

// objectRange is where the object as a whole is written: its kind line.
func (m *mapper) objectRange(d *docIndex) lint.Range {
	if r, ok := m.b.helm[d.origin]; ok {
		return r
	}
	if od := m.originDoc(d); od != nil {
		root := docRoot(od)
		if k, v := getPair(root, "kind"); k != nil {
			r := m.rangeIn(d.origin, k, k, true, offset{})
			end := nodeRange(v, offset{})
			r.EndLine, r.EndColumn = end.EndLine, end.EndColumn
			return r
		}
		return m.rangeIn(d.origin, nil, root, false, offset{})
	}
	for _, f := range []string{d.origin, d.configuredIn} {
		if _, ok := m.b.orig[f]; ok {
			return lint.Range{File: m.b.rel(m.b.disk(f)), Line: 1, Column: 1, EndLine: 1, EndColumn: 1}
		}
	}
	return m.b.fallback
}

// rangeIn is the range of the key (or value) in a copied file.
func (m *mapper) rangeIn(mem string, k, v *yaml.Node, isKey bool, off offset) lint.Range {
	n := v
	if isKey && k != nil {
		n = k
	}
	r := nodeRange(n, off)
	r.File = m.b.rel(m.b.disk(mem))
	return r
}

// nodeRange is where node n is written, shifted by off. Scalars span their
// text (best effort for escapes and multi-line styles); collections span
// from their start to the end of their last element.
func nodeRange(n *yaml.Node, off offset) lint.Range {
	r := yamlpos.Range("", n)
	return lint.Range{Line: r.Line + off.line, Column: r.Column + off.col, EndLine: r.EndLine + off.line, EndColumn: r.EndColumn + off.col}
}
