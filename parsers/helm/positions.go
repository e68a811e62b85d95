package helm

import (
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// Positions in rendered output are best effort, in this order:
//
//  1. values: a rendered scalar equal to the value of exactly one values
//     key in effect (the release's values — helm_release, helmfile,
//     Argo CD, Flux — over the chart's values.yaml files) maps to where
//     that key is set; when several keys hold the value, the one the
//     template line reads (.Values.<key>) decides;
//  2. template line: the line of the template that holds the rendered
//     line — the same text when the template writes it literally, else
//     the same YAML key (the n-th rendered occurrence to the n-th one in
//     the template, the chart's helper templates searched next);
//  3. the template file's first line.
//
// Charts read from a .tgz map steps 2 and 3 to the archive's first line.

// valueEntry is one scalar in effect in a rendering and where it is set.
type valueEntry struct {
	key  string
	text string
	rng  lint.Range
}

// valueIndex finds values keys by their rendered text.
type valueIndex struct {
	byText map[string][]valueEntry
}

// buildIndex layers the chart's values.yaml files (subcharts under their
// name) under the release's values, keeping the value in effect for each
// key.
func buildIndex(cd *chartData, rel *lint.Release, p *paths) *valueIndex {
	eff := map[string]valueEntry{}
	// parents are the keys some key set has below it ("a" and "a.b" for
	// "a.b[0]"): removing a key scans for what lies below it only then,
	// not for every key set (a chart of thousands of values took time
	// quadratic in them).
	parents := map[string]bool{}
	set := func(key string, e valueEntry) {
		eff[key] = e
		for i := 0; i < len(key); i++ {
			if key[i] == '.' || key[i] == '[' {
				parents[key[:i]] = true
			}
		}
	}
	removed := func(key string) {
		delete(eff, key)
		if !parents[key] {
			return
		}
		for k := range eff {
			if strings.HasPrefix(k, key+".") || strings.HasPrefix(k, key+"[") {
				delete(eff, k)
			}
		}
	}
	if cd != nil && !cd.archive {
		values := cd.valuesDocs()
		names := sortedKeys(values)
		// Subcharts first, so the parent's values for them win.
		sort.SliceStable(names, func(i, j int) bool { return names[i] != "values.yaml" && names[j] == "values.yaml" })
		for _, name := range names {
			prefix := ""
			if name != "values.yaml" {
				prefix = strings.Split(name, "/")[1]
			}
			file := cd.display(p, name)
			walkNode(values[name], prefix, func(key string, n *yaml.Node) {
				if n.Kind == yaml.MappingNode {
					delete(eff, key) // maps merge: only a scalar here is replaced
					return
				}
				removed(key)
				if text, ok := nodeText(n); ok {
					set(key, valueEntry{key: key, text: text, rng: nodeRange(file, n)})
				}
			})
		}
	}
	if rel != nil {
		walkValue(rel.Values, "", func(key string, v any) {
			if _, ok := v.(map[string]any); ok {
				delete(eff, key)
				return
			}
			removed(key)
			text, ok := valueText(v)
			if !ok {
				return
			}
			if r, ok := rangeFor(rel.ValueRanges, key); ok {
				set(key, valueEntry{key: key, text: text, rng: r})
			}
		})
	}
	idx := &valueIndex{byText: map[string][]valueEntry{}}
	for _, k := range sortedKeys(eff) {
		e := eff[k]
		idx.byText[e.text] = append(idx.byText[e.text], e)
	}
	return idx
}

// valueRange is where the values key that renders text is set: the one
// key holding it, or of several the one the template line tl reads.
func (m *mapper) valueRange(text string, tl templateMatch, ok bool) (lint.Range, bool) {
	idx := m.valueIndex()
	if idx == nil {
		return lint.Range{}, false
	}
	cands := idx.byText[text]
	if len(cands) == 1 {
		return cands[0].rng, true
	}
	if len(cands) > 1 && ok {
		var hit []valueEntry
		for _, c := range cands {
			if !strings.Contains(c.key, "[") && readsKey(tl.text, c.key) {
				hit = append(hit, c)
			}
		}
		if len(hit) == 1 {
			return hit[0].rng, true
		}
	}
	if len(cands) > 1 {
		// The line is written by a block the template reads whole
		// ({{ toYaml .Values.web.nodeSelector }}): the one key under a
		// block the template reads.
		var hit []valueEntry
		for _, c := range cands {
			if !strings.Contains(c.key, "[") && m.readsBlockOf(c.key) {
				hit = append(hit, c)
			}
		}
		if len(hit) == 1 {
			return hit[0].rng, true
		}
	}
	return lint.Range{}, false
}

// readsBlockOf reports whether the mapper's template reads a block that
// holds key (.Values.web.nodeSelector for web.nodeSelector.node-role).
func (m *mapper) readsBlockOf(key string) bool {
	lines := m.cd.templateLinesOf(m.template)
	for i := strings.LastIndexByte(key, '.'); i > 0; i = strings.LastIndexByte(key[:i], '.') {
		block := key[:i]
		for _, l := range lines {
			if l.action && readsKey(l.raw, block) {
				return true
			}
		}
	}
	return false
}

// lazyIndex is the values index of one rendering (buildIndex), built
// the first time a position asks for it: a rendering whose positions no
// one asks (a round of release discovery that found nothing in it)
// never builds it. Safe for concurrent use.
type lazyIndex struct {
	once sync.Once
	cd   *chartData
	rel  *lint.Release
	p    *paths
	idx  *valueIndex
}

// get is the index, built once.
func (l *lazyIndex) get() *valueIndex {
	l.once.Do(func() { l.idx = buildIndex(l.cd, l.rel, l.p) })
	return l.idx
}

// valueIndex is the mapper's values index, nil when it has none.
func (m *mapper) valueIndex() *valueIndex {
	if m.index == nil && m.lazy != nil {
		return m.lazy.get()
	}
	return m.index
}

// walkNode calls f for every node of a values document below its top,
// by key path ("a.b", "list[0]"), parents before children.
func walkNode(n *yaml.Node, prefix string, f func(string, *yaml.Node)) {
	budget := maxWalk
	walkNodeBounded(n, prefix, f, &budget)
}

// maxWalk bounds how many nodes a walk visits: aliases can make a small
// document expand without bound.
const maxWalk = 100000

func walkNodeBounded(n *yaml.Node, prefix string, f func(string, *yaml.Node), budget *int) {
	n = deref(n)
	if n == nil || *budget <= 0 {
		return
	}
	*budget--
	switch n.Kind {
	case yaml.MappingNode:
		if prefix != "" {
			f(prefix, n)
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			if k := deref(n.Content[i]); k != nil && k.Kind == yaml.ScalarNode {
				walkNodeBounded(n.Content[i+1], joinKey(prefix, k.Value), f, budget)
			}
		}
	case yaml.SequenceNode:
		f(prefix, n)
		for i, c := range n.Content {
			walkNodeBounded(c, prefix+"["+strconv.Itoa(i)+"]", f, budget)
		}
	case yaml.ScalarNode:
		f(prefix, n)
	}
}

// walkValue is walkNode over Go values, in key order.
func walkValue(v any, prefix string, f func(string, any)) {
	switch x := v.(type) {
	case map[string]any:
		if prefix != "" {
			f(prefix, x)
		}
		for _, k := range sortedKeys(x) {
			walkValue(x[k], joinKey(prefix, k), f)
		}
	case []any:
		f(prefix, x)
		for i, e := range x {
			walkValue(e, prefix+"["+strconv.Itoa(i)+"]", f)
		}
	default:
		if prefix != "" {
			f(prefix, v)
		}
	}
}

// nodeText is a scalar's text as a template renders it; booleans, nulls
// and empty strings are left out (they match too much).
func nodeText(n *yaml.Node) (string, bool) {
	if n.Kind != yaml.ScalarNode {
		return "", false
	}
	switch n.Tag {
	case "!!null", "!!bool":
		return "", false
	case "!!int", "!!float":
		var v any
		if err := n.Decode(&v); err != nil {
			return "", false
		}
		return valueText(v)
	}
	return n.Value, n.Value != ""
}

// valueText is how Helm renders a values-file scalar ({{ .Values.x }}):
// numbers went through JSON and are float64.
func valueText(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, x != ""
	case int:
		return strconv.FormatFloat(float64(x), 'g', -1, 64), true
	case int64:
		return strconv.FormatFloat(float64(x), 'g', -1, 64), true
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64), true
	}
	return "", false
}

// mapper maps ranges in one rendered manifest back to sources. It is
// safe for concurrent use.
type mapper struct {
	cd *chartData
	// index is the values index, or built from lazy when first needed.
	index    *valueIndex
	lazy     *lazyIndex
	template string // chart path of the template
	content  string // the rendered text
	p        *paths

	once sync.Once
	raw  []string // the rendered lines
	mu   sync.Mutex
	// rendered are the first lines of raw with their ordinals, worked out
	// as far as a line was asked for (prefix); the counts of the lines
	// seen so far carry on from there.
	rendered []lineInfo
	prefix   prefixCounts
	memo     map[int]templateMatch
	// perDocument: the rendering has more documents than the template
	// writes (a range over NodePools), so occurrences are counted within
	// each rendered document: every iteration starts the template again.
	perDocument bool
}

// prefixCounts are how many lines so far had each text and key, in all
// and under each parent, and the nesting the next line continues.
type prefixCounts struct {
	texts, keys     map[string]int
	textsIn, keysIn map[[2]string]int
	nest            nesting
}

// lineInfo is one line of YAML text: trimmed text, mapping key, and (for
// rendered lines) how many earlier lines have the same text and key.
type lineInfo struct {
	raw, text, key string
	action         bool // a template line with {{ }}
	// keyParts are, for a key a template action writes part of
	// ("kubernetes.io/cluster/{{ .Values.name }}"), its literal parts
	// around the actions: a rendered key matches them in order
	// (keyMatches).
	keyParts        []string
	sameText, sameK int
	// parent is the key of the mapping the line sits in (by indentation,
	// template-only lines skipped); sameTextIn and sameKIn count the
	// earlier lines with the same text (key) under the same parent.
	parent              string
	sameTextIn, sameKIn int
}

// templateLines splits a template file into lines.
func templateLines(data []byte) []lineInfo {
	raw := strings.Split(string(data), "\n")
	out := make([]lineInfo, len(raw))
	var nest nesting
	for i, l := range raw {
		t, k := lineKey(l)
		out[i] = lineInfo{raw: l, text: t, key: k, action: strings.Contains(l, "{{")}
		if strings.Contains(k, "{{") {
			out[i].key, out[i].keyParts = "", literalParts(k)
		}
		if !actionOnly(t) {
			out[i].parent = nest.push(l, out[i].key)
		}
	}
	return out
}

// actionOnly reports whether a trimmed template line is only template
// actions ({{- range … }}, {{ end }}): it renders no YAML line of its own.
func actionOnly(t string) bool {
	return strings.HasPrefix(t, "{{") && strings.HasSuffix(t, "}}") && strings.Count(t, "{{") == 1
}

// nesting tracks the mapping keys enclosing a line by indentation.
type nesting struct {
	indents []int
	keys    []string
}

// push returns the key of the nearest earlier line indented less than l
// (a list item's dash counts as indentation), then records l.
func (n *nesting) push(l, key string) string {
	t := strings.TrimLeft(l, " ")
	if strings.TrimSpace(t) == "" || strings.HasPrefix(t, "#") {
		return ""
	}
	ind := len(l) - len(t)
	for len(n.indents) > 0 && n.indents[len(n.indents)-1] >= ind {
		n.indents, n.keys = n.indents[:len(n.indents)-1], n.keys[:len(n.keys)-1]
	}
	parent := ""
	if len(n.keys) > 0 {
		parent = n.keys[len(n.keys)-1]
	}
	if strings.HasPrefix(t, "- ") {
		// The item's own keys sit deeper than its dash.
		n.indents, n.keys = append(n.indents, ind), append(n.keys, parent)
		ind += 2
		for strings.HasPrefix(t[2:], "- ") {
			t = t[2:]
			ind += 2
		}
	}
	if key != "" && key != "-" {
		n.indents, n.keys = append(n.indents, ind), append(n.keys, key)
	}
	return parent
}

func newPrefixCounts() prefixCounts {
	return prefixCounts{texts: map[string]int{}, keys: map[string]int{}, textsIn: map[[2]string]int{}, keysIn: map[[2]string]int{}}
}

// templateRaw are the lines of the mapper's own template.
func (m *mapper) templateRaw() []string {
	lines := m.cd.templateLinesOf(m.template)
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = l.raw
	}
	return out
}

// documents counts the YAML documents of lines that hold something: a
// line that is neither blank, a comment, nor (skip) only template
// actions.
func documents(lines []string, skip func(string) bool) int {
	n, open := 0, false
	for _, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case t == "---" || strings.HasPrefix(t, "--- "):
			open = false
		case t == "" || strings.HasPrefix(t, "#") || skip(l):
		case !open:
			open = true
			n++
		}
	}
	return n
}

// prepare splits the rendered text once.
func (m *mapper) prepare() {
	m.once.Do(func() {
		m.raw = strings.Split(m.content, "\n")
		m.prefix = newPrefixCounts()
		m.memo = map[int]templateMatch{}
		m.perDocument = documents(m.raw, func(l string) bool { return false }) > documents(m.templateRaw(), func(l string) bool { return actionOnly(strings.TrimSpace(l)) })
	})
}

// renderedLine is the 1-based rendered line with how many earlier lines
// have its text and key, counting the lines up to it the first time one
// at or past it is asked for: an entity's range asks for a few lines near
// the start of its document, and a chart's output can be tens of
// thousands of lines of CustomResourceDefinitions no one asks about. The
// caller holds m.mu.
func (m *mapper) renderedLine(line int) lineInfo {
	c := &m.prefix
	for i := len(m.rendered); i < line; i++ {
		l := m.raw[i]
		t, k := lineKey(l)
		if t == "---" {
			c.nest = nesting{}
			if m.perDocument {
				*c = newPrefixCounts()
			}
		}
		parent := c.nest.push(l, k)
		m.rendered = append(m.rendered, lineInfo{raw: l, text: t, key: k, sameText: c.texts[t], sameK: c.keys[k],
			parent: parent, sameTextIn: c.textsIn[[2]string{parent, t}], sameKIn: c.keysIn[[2]string{parent, k}]})
		c.texts[t]++
		c.textsIn[[2]string{parent, t}]++
		if k != "" {
			c.keys[k]++
			c.keysIn[[2]string{parent, k}]++
		}
	}
	return m.rendered[line-1]
}

// Map implements Rendered.Map.
func (m *mapper) Map(r lint.Range, text string) lint.Range {
	tl, ok := m.templateLine(r.Line)
	if text != "" {
		if rng, found := m.valueRange(text, tl, ok); found {
			return rng
		}
	}
	if ok {
		return tl.rng
	}
	return pointRange(m.fileOf(m.template), 1, 1)
}

// MapDiagnostic implements Rendered.MapDiagnostic: a YAML error in the
// rendered text at the template line it comes from; when that line is
// one no template line matches (text a template action wrote on a line
// of its own), at the nearest line above it that one does, where the
// text that broke the document was written; else at the template's
// first line.
func (m *mapper) MapDiagnostic(r lint.Range) lint.Range {
	for line := r.Line; line >= 1 && line > r.Line-maxDiagnosticClimb; line-- {
		if tl, ok := m.templateLine(line); ok {
			return tl.rng
		}
	}
	return pointRange(m.fileOf(m.template), 1, 1)
}

// maxDiagnosticClimb bounds the rendered lines MapDiagnostic looks up
// for a template line.
const maxDiagnosticClimb = 4

// readsKey reports whether a template line reads .Values.<key> (not a
// longer key of which key is a prefix).
func readsKey(line, key string) bool {
	needle := ".Values." + key
	for i := 0; ; {
		j := strings.Index(line[i:], needle)
		if j < 0 {
			return false
		}
		end := i + j + len(needle)
		if end == len(line) || !isKeyChar(line[end]) {
			return true
		}
		i = end
	}
}

func isKeyChar(b byte) bool {
	return b == '.' || b == '_' || b == '-' || ('a' <= b && b <= 'z') || ('A' <= b && b <= 'Z') || ('0' <= b && b <= '9')
}

// fileOf is the display path of a chart file: the file itself in a
// directory chart, the archive for a .tgz.
func (m *mapper) fileOf(name string) string {
	if m.cd.archive {
		return m.cd.rel
	}
	name = m.cd.sourceName(name)
	if _, ok := m.cd.byName[name]; !ok {
		// A template of an archived subchart (charts/x-1.0.tgz).
		if dir, _, ok := strings.Cut(name, "/templates/"); ok && strings.HasPrefix(dir, "charts/") {
			sub := strings.TrimPrefix(dir, "charts/")
			for _, f := range m.cd.files {
				if strings.HasPrefix(f.Name, "charts/"+sub) && strings.HasSuffix(f.Name, ".tgz") && strings.Count(f.Name, "/") == 1 {
					return m.cd.display(m.p, f.Name)
				}
			}
		}
	}
	return m.cd.display(m.p, name)
}

// templateMatch is a template line found for a rendered line.
type templateMatch struct {
	text string
	rng  lint.Range
	ok   bool
}

// templateLine finds the template line a rendered line came from.
func (m *mapper) templateLine(line int) (templateMatch, bool) {
	m.prepare()
	if line < 1 || line > len(m.raw) {
		return templateMatch{}, false
	}
	m.mu.Lock()
	tm, done := m.memo[line]
	var want lineInfo
	if !done {
		want = m.renderedLine(line)
	}
	m.mu.Unlock()
	if !done {
		tm = m.findTemplateLine(want)
		m.mu.Lock()
		m.memo[line] = tm
		m.mu.Unlock()
	}
	return tm, tm.ok
}

// findTemplateLine searches the template, then its chart's helpers, for
// the same literal line, else the same key; the n-th rendered occurrence
// maps to the n-th one found (the last when there are fewer).
func (m *mapper) findTemplateLine(want lineInfo) templateMatch {
	if want.text == "" || want.text == "---" {
		return templateMatch{}
	}
	for _, name := range m.searchOrder() {
		lines := m.cd.templateLinesOf(name)
		var exact, keyed, exactIn, keyedIn []int
		for i, l := range lines {
			in := want.parent != "" && l.parent == want.parent
			if !l.action && l.text == want.text {
				exact = append(exact, i)
				if in {
					exactIn = append(exactIn, i)
				}
			}
			if want.key != "" && l.key == want.key {
				keyed = append(keyed, i)
				if in {
					keyedIn = append(keyedIn, i)
				}
			}
		}
		var patterned, patternedIn []int
		if want.key != "" && len(exact) == 0 && len(keyed) == 0 {
			for i, l := range lines {
				if l.keyParts != nil && keyMatches(l.keyParts, want.key) {
					patterned = append(patterned, i)
					if want.parent != "" && l.parent == want.parent {
						patternedIn = append(patternedIn, i)
					}
				}
			}
		}
		pick := func(c []int, n int) templateMatch {
			i := c[min(n, len(c)-1)]
			return templateMatch{text: lines[i].raw, rng: m.lineRange(name, i+1, lines[i].raw), ok: true}
		}
		// Under the same mapping first: a range repeats its line there,
		// and the n-th rendered occurrence is not the n-th in the file
		// (the second of two ranged "- id:" items is not the "- id:" of
		// the next list).
		switch {
		case len(exactIn) > 0:
			return pick(exactIn, want.sameTextIn)
		case len(exact) > 0:
			return pick(exact, want.sameText)
		case len(keyedIn) > 0:
			return pick(keyedIn, want.sameKIn)
		case len(keyed) > 0:
			return pick(keyed, want.sameK)
		case len(patternedIn) > 0:
			return pick(patternedIn, want.sameKIn)
		case len(patterned) > 0:
			return pick(patterned, want.sameK)
		}
	}
	return templateMatch{}
}

// literalParts are the text of a template key around its actions: for
// "a/{{ .x }}-{{ .y }}", "a/", "-" and "".
func literalParts(key string) []string {
	var parts []string
	for {
		i := strings.Index(key, "{{")
		if i < 0 {
			return append(parts, key)
		}
		j := strings.Index(key[i:], "}}")
		if j < 0 {
			return nil // an action left open: no pattern
		}
		parts = append(parts, key[:i])
		key = key[i+j+2:]
	}
}

// keyMatches reports whether a rendered key is the template key whose
// literal parts are parts, each action having written something.
func keyMatches(parts []string, key string) bool {
	first, last := parts[0], parts[len(parts)-1]
	if len(parts) < 2 || len(first)+len(last) > len(key) || !strings.HasPrefix(key, first) || !strings.HasSuffix(key, last) {
		return false
	}
	rest := key[len(first) : len(key)-len(last)]
	for _, p := range parts[1 : len(parts)-1] {
		i := strings.Index(rest, p)
		if i < 0 {
			return false
		}
		rest = rest[i+len(p):]
	}
	return true
}

// templateLinesOf is the lines of the chart's template file name (nil for
// another file), split the first time they are asked for.
func (cd *chartData) templateLinesOf(name string) []lineInfo {
	cd.linesMu.Lock()
	lines, ok := cd.lines[name]
	cd.linesMu.Unlock()
	if ok {
		return lines
	}
	if _, found := cd.byName[name]; found && isTemplateFile(name) {
		lines = templateLines(cd.fileData(name))
	}
	cd.linesMu.Lock()
	defer cd.linesMu.Unlock()
	if cd.lines == nil {
		cd.lines = map[string][]lineInfo{}
	}
	cd.lines[name] = lines
	return lines
}

// searchOrder is the template itself, then its chart's helper templates,
// then those of the library charts under charts/ (a named template a
// template includes is defined there more often than not).
func (m *mapper) searchOrder() []string {
	out := []string{m.template}
	dir := path.Dir(m.template)
	var helpers []string
	for name := range m.cd.byName {
		if name != m.template && isTemplateFile(name) && path.Dir(name) == dir && isHelperTemplate(name) {
			helpers = append(helpers, name)
		}
	}
	sort.Strings(helpers)
	out = append(out, helpers...)
	for _, name := range m.cd.libraryHelperTemplates() {
		if path.Dir(name) != dir {
			out = append(out, name)
		}
	}
	return out
}

// isHelperTemplate reports whether a template file holds named templates
// by Helm's convention: _*.* or *.tpl.
func isHelperTemplate(name string) bool {
	return strings.HasPrefix(path.Base(name), "_") || strings.HasSuffix(name, ".tpl")
}

// libraryHelperTemplates are the helper templates of the directory
// charts under charts/ whose Chart.yaml says type: library, in order.
func (cd *chartData) libraryHelperTemplates() []string {
	cd.libraryHelpersOnce.Do(func() {
		library := map[string]bool{}
		for name := range cd.byName {
			rest, ok := strings.CutPrefix(name, "charts/")
			if !ok || strings.Count(rest, "/") != 1 || path.Base(rest) != "Chart.yaml" {
				continue
			}
			if meta, err := chartMetadata(cd.fileData(name)); err == nil && meta.Type == "library" {
				library["charts/"+path.Dir(rest)+"/templates"] = true
			}
		}
		for name := range cd.byName {
			if library[path.Dir(name)] && isHelperTemplate(name) {
				cd.libraryHelpers = append(cd.libraryHelpers, name)
			}
		}
		sort.Strings(cd.libraryHelpers)
	})
	return cd.libraryHelpers
}

// lineRange spans a template line's text.
func (m *mapper) lineRange(name string, line int, text string) lint.Range {
	file := m.fileOf(name)
	if m.cd.archive || file != m.cd.display(m.p, name) {
		return pointRange(file, 1, 1)
	}
	text = strings.TrimRight(text, " \t\r")
	trimmed := strings.TrimLeft(text, " \t")
	start := utf8.RuneCountInString(text[:len(text)-len(trimmed)]) + 1
	return lint.Range{File: file, Line: line, Column: start, EndLine: line, EndColumn: utf8.RuneCountInString(text) + 1}
}

// lineKey returns a YAML line's trimmed text and its mapping key (""
// when it has none; "-" for a list item without one), list dashes
// removed.
func lineKey(l string) (text, key string) {
	t := strings.TrimSpace(l)
	text = t
	item := strings.HasPrefix(t, "- ") || t == "-"
	for strings.HasPrefix(t, "- ") {
		t = strings.TrimSpace(t[2:])
	}
	if strings.HasPrefix(t, "#") {
		return text, ""
	}
	if i := strings.Index(t, ": "); i > 0 {
		return text, t[:i]
	}
	if strings.HasSuffix(t, ":") {
		return text, t[:len(t)-1]
	}
	if item {
		return text, "-"
	}
	return text, ""
}
