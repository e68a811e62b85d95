// Package ignores reads suppressions written in faultline's inputs:
//
//	# faultline:ignore FL101 reason [until=YYYY-MM-DD]        (HCL, YAML)
//	node_role_arn = x  # faultline:ignore FL101,FL102 reason  (trailing)
//	{{/* faultline:ignore FL101 reason */}}                    (Helm templates)
//	# faultline:ignore-file [FL101,…] reason                   (a whole file)
//	metadata:
//	  annotations:
//	    faultline.dev/ignore: "FL101: reason; FL103: other until=2027-01-31"
//
// A comment alone on its line covers the next line holding something other
// than comments; a trailing comment covers its own line; an annotation
// covers its object's lines (its YAML document); an ignore-file covers the
// file. Rules are named by ID or name, separated by commas (an ignore-file
// names rules by ID only: without IDs it covers every rule). The reason is
// required. Comments are found with the HCL lexer and on yaml.v3 nodes,
// never inside strings; Helm templates, which are not YAML, are read line
// by line.
//
// What is wrong with how an ignore is written (no reason, no rule, a bad
// date) is recorded in lint.Ignore.Problem; lint.Suppress applies the
// ignores and reports their problems through FL001.
package ignores

import (
	"bytes"
	"errors"
	"io"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
)

// Kind is the syntax of a file.
type Kind int

// The kinds of files ignores are read from.
const (
	// None is a file that holds no comments (JSON).
	None Kind = iota
	// HCL is Terraform configuration, variables files, .hcl.
	HCL
	// YAML is manifests, values files, kustomizations.
	YAML
	// Template is a Helm chart template (YAML with template actions).
	Template
)

// Annotation is the Kubernetes annotation holding ignores.
const Annotation = "faultline.dev/ignore"

// KindOf tells a file's kind by its name. Chart templates with a .yaml
// name are YAML by name: the caller knows they are templates.
func KindOf(path string) Kind {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".tf", ".tofu", ".tfvars", ".hcl":
		return HCL
	case ".yaml", ".yml":
		return YAML
	case ".tpl":
		return Template
	}
	return None
}

// Mentions reports whether data may hold an ignore at all: the cheap test
// before scanning.
func Mentions(data []byte) bool {
	return bytes.Contains(data, []byte("faultline:ignore")) || bytes.Contains(data, []byte(Annotation))
}

// Scan returns the ignores written in one file; rel is how ranges name it.
func Scan(rel string, data []byte, kind Kind) []lint.Ignore {
	if !Mentions(data) {
		return nil
	}
	var out []lint.Ignore
	switch kind {
	case HCL:
		out = scanHCL(rel, data)
	case YAML:
		out = scanYAML(rel, data)
	case Template:
		out = scanTemplate(rel, data)
	}
	sortIgnores(out)
	return out
}

// File is one file to scan.
type File struct {
	// Path is the file on disk, read when Data is nil.
	Path string
	// Rel is how ranges name the file.
	Rel  string
	Data []byte
	Kind Kind
}

// maxFile bounds a file read for ignores (the parsers bound theirs the
// same way and report what they cannot read).
const maxFile = 8 << 20

// ScanFiles is the ignores of every file of files (ScanEach), in order.
func ScanFiles(tree *treefs.Tree, files []File) []lint.Ignore {
	return Sorted(ScanEach(tree, files))
}

// Sorted is the ignores of every file, in the order of their comments.
func Sorted(byFile [][]lint.Ignore) []lint.Ignore {
	var out []lint.Ignore
	for _, r := range byFile {
		out = append(out, r...)
	}
	sortIgnores(out)
	return out
}

// ScanEach scans files for ignores in parallel, each as Scan does: from
// its Data, or what tree holds at its Path. A file that cannot be read
// holds none (the parsers report it). The result is by file, as files
// are given.
func ScanEach(tree *treefs.Tree, files []File) [][]lint.Ignore {
	res := make([][]lint.Ignore, len(files))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for i, f := range files {
		if f.Kind == None {
			continue
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			data := f.Data
			if data == nil {
				var err error
				if data, err = tree.ReadFile(f.Path, maxFile); err != nil {
					return
				}
			}
			res[i] = Scan(f.Rel, data, f.Kind)
		}()
	}
	wg.Wait()
	return res
}

// maxTemplates bounds the files listed in one chart.
const maxTemplates = 5000

// ChartTemplates lists the template files of a chart directory and its
// subcharts (.yaml, .yml and .tpl files under a templates directory),
// sorted, listing directories through tree (a cached run answers them
// from the listing it took at its start, without a system call; nil:
// the disk). Symlinks are not followed; .git and node_modules below the
// chart are not entered.
func ChartTemplates(tree *treefs.Tree, dir string) []string {
	var out []string
	var walk func(d string, inTemplates bool)
	walk = func(d string, inTemplates bool) {
		ents, err := tree.ReadDir(d)
		if err != nil {
			return
		}
		for _, e := range ents {
			if len(out) >= maxTemplates {
				return
			}
			p := filepath.Join(d, e.Name())
			switch {
			case e.IsDir():
				if e.Name() != ".git" && e.Name() != "node_modules" {
					walk(p, inTemplates || e.Name() == "templates")
				}
			case e.Type().IsRegular() && inTemplates && KindOf(p) != None && KindOf(p) != HCL:
				out = append(out, p)
			}
		}
	}
	walk(dir, false)
	sort.Strings(out)
	return out
}

func sortIgnores(igs []lint.Ignore) {
	sort.SliceStable(igs, func(i, j int) bool { return igs[i].Range.Less(igs[j].Range) })
}

// directive is the start of an ignore comment's text.
var directive = regexp.MustCompile(`^faultline:ignore(-file)?(?:\s|$)`)

// ruleID is a rule ID as an ignore-file names it.
var ruleID = regexp.MustCompile(`(?i)^FL[0-9]{3}$`)

// parseComment reads a comment's text (without the comment marker) as an
// ignore; ok is false when the comment is not one.
func parseComment(text string) (ig lint.Ignore, ok bool) {
	text = strings.TrimSpace(text)
	m := directive.FindStringSubmatch(text)
	if m == nil {
		return ig, false
	}
	ig.File = m[1] != ""
	parseSpec(text[len(m[0]):], &ig)
	return ig, true
}

// parseSpec reads `RULES reason [until=YYYY-MM-DD]` into ig.
func parseSpec(spec string, ig *lint.Ignore) {
	problem := func(s string) {
		if ig.Problem == "" {
			ig.Problem = s
		}
	}
	var words []string
	for _, w := range strings.Fields(spec) {
		if len(w) > 6 && strings.EqualFold(w[:6], "until=") {
			v := strings.TrimRight(w[6:], ".,;)")
			t, err := time.Parse(lint.DateLayout, v)
			switch {
			case err != nil:
				problem("ignore has a bad expiry " + strconv.Quote(v) + ": write until=YYYY-MM-DD")
			case ig.Until != "":
				problem("ignore has two expiry dates")
			default:
				ig.Until = t.Format(lint.DateLayout)
			}
			continue
		}
		words = append(words, w)
	}
	if len(words) > 0 && (!ig.File || idList(words[0])) {
		tok := words[0]
		n := 1
		for strings.HasSuffix(tok, ",") && n < len(words) {
			tok += words[n]
			n++
		}
		for _, part := range strings.Split(strings.TrimRight(tok, ":,;"), ",") {
			if part = strings.TrimSpace(part); part != "" {
				ig.Rules = append(ig.Rules, part)
			}
		}
		words = words[n:]
	}
	ig.Reason = strings.TrimSpace(strings.TrimLeft(strings.Join(words, " "), "-–—:;, "))
	if !ig.File && len(ig.Rules) == 0 {
		problem("ignore names no rule: write `faultline:ignore FL101 reason`")
	}
	if ig.Reason == "" {
		problem("ignore has no reason: say why after the rule (`faultline:ignore FL101 reason`)")
	}
}

// idList reports whether a word is a comma-separated list of rule IDs.
func idList(w string) bool {
	for _, part := range strings.Split(strings.TrimRight(w, ":,;"), ",") {
		if part != "" && !ruleID.MatchString(part) {
			return false
		}
	}
	return true
}

// col converts a byte offset in line to a 1-based character column.
func col(line string, off int) int {
	return utf8.RuneCountInString(line[:off]) + 1
}

// commentRange is a comment's range on one line: from off to the end of
// the text.
func commentRange(rel string, lineNo int, line string, off int) lint.Range {
	text := strings.TrimRight(line, " \t\r\n")
	end := max(len(text), off)
	return lint.Range{File: rel, Line: lineNo, Column: col(line, off), EndLine: lineNo, EndColumn: col(line, end)}
}

func lineTarget(rel string, lineNo int) lint.Range {
	return lint.Range{File: rel, Line: lineNo, Column: 1, EndLine: lineNo}
}

func fileTarget(rel string) lint.Range {
	return lint.Range{File: rel, Line: 1, Column: 1}
}

func splitLines(data []byte) []string {
	return strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
}

// ---- HCL ----

// scanHCL reads the comments the HCL lexer finds.
func scanHCL(rel string, data []byte) []lint.Ignore {
	toks, _ := hclsyntax.LexConfig(data, rel, hcl.InitialPos)
	lines := splitLines(data)
	var out []lint.Ignore
	lastReal := 0 // line the previous real token ended on
	for i, t := range toks {
		switch t.Type {
		case hclsyntax.TokenNewline, hclsyntax.TokenEOF:
			continue
		case hclsyntax.TokenComment:
		default:
			lastReal = t.Range.End.Line
			continue
		}
		if !bytes.Contains(t.Bytes, []byte("faultline:ignore")) {
			continue
		}
		trailing := lastReal == t.Range.Start.Line
		next := 0
		for _, u := range toks[i+1:] {
			if u.Type != hclsyntax.TokenComment && u.Type != hclsyntax.TokenNewline && u.Type != hclsyntax.TokenEOF {
				next = u.Range.Start.Line
				break
			}
		}
		for k, body := range commentLines(string(t.Bytes)) {
			ig, ok := parseComment(body)
			if !ok {
				continue
			}
			lineNo := t.Range.Start.Line + k
			if lineNo-1 >= len(lines) {
				continue
			}
			line := lines[lineNo-1]
			off := 0
			if k == 0 {
				off = min(t.Range.Start.Byte-lineStart(data, lineNo), len(line))
			}
			if off < 0 {
				off = 0
			}
			ig.Range = commentRange(rel, lineNo, line, off)
			out = append(out, withTarget(ig, rel, trailing, lineNo, next))
		}
	}
	return out
}

// withTarget sets what an ignore covers: the file, its own line
// (trailing), or the next line with content (past the end of the file when
// there is none, so it matches nothing).
func withTarget(ig lint.Ignore, rel string, trailing bool, own, next int) lint.Ignore {
	switch {
	case ig.File:
		ig.Target = fileTarget(rel)
	case trailing:
		ig.Target = lineTarget(rel, own)
	case next > 0:
		ig.Target = lineTarget(rel, next)
	default:
		ig.Target = lineTarget(rel, own+1)
	}
	return ig
}

// lineStart returns the byte offset of a 1-based line.
func lineStart(data []byte, lineNo int) int {
	off := 0
	for l := 1; l < lineNo; l++ {
		i := bytes.IndexByte(data[off:], '\n')
		if i < 0 {
			return len(data)
		}
		off += i + 1
	}
	return off
}

// commentLines returns a comment's text line by line, without markers.
func commentLines(c string) []string {
	c = strings.TrimRight(c, "\r\n")
	switch {
	case strings.HasPrefix(c, "#"):
		return []string{c[1:]}
	case strings.HasPrefix(c, "//"):
		return []string{c[2:]}
	case strings.HasPrefix(c, "/*"):
		c = strings.TrimSuffix(strings.TrimPrefix(c, "/*"), "*/")
		ls := strings.Split(c, "\n")
		for i, l := range ls {
			ls[i] = strings.TrimPrefix(strings.TrimSpace(l), "*")
		}
		return ls
	}
	return nil
}

// ---- YAML ----

// scanYAML reads ignore comments that yaml.v3 sees as comments, and the
// annotation of every document.
func scanYAML(rel string, data []byte) []lint.Ignore {
	lines := splitLines(data)
	comments, docs, parsed := yamlComments(data)
	var out []lint.Ignore
	for i, line := range lines {
		if !strings.Contains(line, "faultline:ignore") {
			continue
		}
		for off := 0; off < len(line); off++ {
			if line[off] != '#' {
				continue
			}
			c := strings.TrimSpace(line[off:])
			if parsed && !comments[c] {
				continue
			}
			if !parsed && off > 0 && line[off-1] != ' ' && line[off-1] != '\t' {
				continue
			}
			ig, ok := parseComment(c[1:])
			if !ok {
				continue
			}
			ig.Range = commentRange(rel, i+1, line, off)
			trailing := strings.TrimSpace(line[:off]) != ""
			out = append(out, withTarget(ig, rel, trailing, i+1, nextContent(lines, i, isYAMLComment)))
			break
		}
	}
	return append(out, annotations(rel, lines, docs)...)
}

func isYAMLComment(l string) bool { return strings.HasPrefix(strings.TrimSpace(l), "#") }

// nextContent returns the 1-based number of the first line after index i
// that is neither blank nor a comment, or 0.
func nextContent(lines []string, i int, comment func(string) bool) int {
	for j := i + 1; j < len(lines); j++ {
		if strings.TrimSpace(lines[j]) == "" || comment(lines[j]) {
			continue
		}
		return j + 1
	}
	return 0
}

// yamlComments decodes every document and collects the comment lines on
// its nodes (trimmed). parsed is false when the file is not valid YAML:
// then comments are recognized by how they are written.
func yamlComments(data []byte) (comments map[string]bool, docs []*yaml.Node, parsed bool) {
	comments = map[string]bool{}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for {
		var n yaml.Node
		err := dec.Decode(&n)
		if err != nil {
			return comments, docs, errors.Is(err, io.EOF)
		}
		docs = append(docs, &n)
		walk(&n, func(x *yaml.Node) {
			for _, c := range []string{x.HeadComment, x.LineComment, x.FootComment} {
				for _, l := range strings.Split(c, "\n") {
					if l = strings.TrimSpace(l); l != "" {
						comments[l] = true
					}
				}
			}
		})
	}
}

func walk(n *yaml.Node, f func(*yaml.Node)) {
	f(n)
	for _, c := range n.Content {
		walk(c, f)
	}
}

// get returns the value of key in a mapping node.
func get(n *yaml.Node, key string) (k, v *yaml.Node) {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil, nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i], n.Content[i+1]
		}
	}
	return nil, nil
}

// annotations reads the faultline.dev/ignore annotation of every
// document; each covers its document's lines.
func annotations(rel string, lines []string, docs []*yaml.Node) []lint.Ignore {
	var roots []*yaml.Node
	for _, d := range docs {
		if d.Kind == yaml.DocumentNode && len(d.Content) == 1 {
			roots = append(roots, d.Content[0])
		}
	}
	var out []lint.Ignore
	for i, root := range roots {
		_, meta := get(root, "metadata")
		_, anns := get(meta, "annotations")
		k, v := get(anns, Annotation)
		if k == nil || v.Kind != yaml.ScalarNode {
			continue
		}
		end := lastContent(lines)
		if i+1 < len(roots) {
			end = roots[i+1].Line - 1
			for end > root.Line && (strings.TrimSpace(lines[end-1]) == "" || docSep.MatchString(lines[end-1]) || isYAMLComment(lines[end-1])) {
				end--
			}
		}
		target := lint.Range{File: rel, Line: root.Line, Column: 1, EndLine: end}
		line := ""
		if k.Line-1 < len(lines) {
			line = lines[k.Line-1]
		}
		rng := commentRange(rel, k.Line, line, min(byteOffset(line, k.Column), len(line)))
		out = append(out, annotationIgnores(v.Value, rng, target)...)
	}
	return out
}

// annotationIgnores reads an annotation value: entries `RULES: reason
// [until=YYYY-MM-DD]` separated by semicolons or lines.
func annotationIgnores(value string, rng, target lint.Range) []lint.Ignore {
	var out []lint.Ignore
	for _, entry := range strings.FieldsFunc(value, func(r rune) bool { return r == ';' || r == '\n' }) {
		if strings.TrimSpace(entry) == "" {
			continue
		}
		ig := lint.Ignore{Range: rng, Target: target}
		parseSpec(entry, &ig)
		out = append(out, ig)
	}
	if len(out) == 0 {
		out = append(out, lint.Ignore{Range: rng, Target: target, Problem: "annotation " + Annotation + " is empty: write \"FL101: reason\""})
	}
	return out
}

// lastContent returns the 1-based number of the last non-blank line.
func lastContent(lines []string) int {
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.TrimSpace(lines[i]) != "" {
			return i + 1
		}
	}
	return len(lines)
}

// byteOffset converts a 1-based character column to a byte offset.
func byteOffset(line string, column int) int {
	off := 0
	for c := 1; c < column && off < len(line); c++ {
		_, n := utf8.DecodeRuneInString(line[off:])
		off += n
	}
	return off
}

// ---- Helm templates ----

var (
	// tmplComment is a template comment action ({{/* … */}}, trimmed or
	// not), possibly over several lines.
	tmplComment = regexp.MustCompile(`(?s)\{\{-?\s*/\*(.*?)\*/\s*-?\}\}`)
	// tmplAnnotation is the annotation written in a template.
	tmplAnnotation = regexp.MustCompile(`^(\s*)["']?faultline\.dev/ignore["']?\s*:\s*(.*?)\s*$`)
	docSep         = regexp.MustCompile(`^---`)
)

// scanTemplate reads a Helm template line by line: template comments,
// YAML comments and annotations.
func scanTemplate(rel string, data []byte) []lint.Ignore {
	src := strings.ReplaceAll(string(data), "\r\n", "\n")
	lines := strings.Split(src, "\n")
	starts := make([]int, len(lines))
	for i, off := 0, 0; i < len(lines); i++ {
		starts[i] = off
		off += len(lines[i]) + 1
	}
	lineOf := func(off int) int { return sort.Search(len(starts), func(i int) bool { return starts[i] > off }) }
	commentOnly := func(l string) bool {
		l = strings.TrimSpace(tmplComment.ReplaceAllString(l, ""))
		return l == "" || strings.HasPrefix(l, "#")
	}
	var out []lint.Ignore
	actionLines := map[int]bool{}
	for _, m := range tmplComment.FindAllStringSubmatchIndex(src, -1) {
		first, last := lineOf(m[0]), lineOf(m[1]-1)
		for l := first; l <= last; l++ {
			actionLines[l] = true
		}
		body := src[m[2]:m[3]]
		if !strings.Contains(body, "faultline:ignore") {
			continue
		}
		line := lines[first-1]
		trailing := strings.TrimSpace(line[:m[0]-starts[first-1]]) != ""
		next := nextContent(lines, last-1, commentOnly)
		for k, b := range strings.Split(body, "\n") {
			ig, ok := parseComment(b)
			if !ok {
				continue
			}
			ig.Range = lint.Range{File: rel, Line: first + k, Column: col(line, m[0]-starts[first-1]), EndLine: last, EndColumn: col(lines[last-1], m[1]-starts[last-1])}
			out = append(out, withTarget(ig, rel, trailing, first, next))
		}
	}
	docStart := 1
	for i, line := range lines {
		if docSep.MatchString(line) {
			docStart = i + 2
		}
		if actionLines[i+1] {
			continue
		}
		if strings.Contains(line, "faultline:ignore") {
			for off := 0; off < len(line); off++ {
				if line[off] != '#' || (off > 0 && line[off-1] != ' ' && line[off-1] != '\t') {
					continue
				}
				ig, ok := parseComment(line[off+1:])
				if !ok {
					continue
				}
				ig.Range = commentRange(rel, i+1, line, off)
				trailing := strings.TrimSpace(line[:off]) != ""
				out = append(out, withTarget(ig, rel, trailing, i+1, nextContent(lines, i, commentOnly)))
				break
			}
		}
		if m := tmplAnnotation.FindStringSubmatch(line); m != nil {
			value := templateValue(m[2], lines[i+1:], len(m[1]))
			end := len(lines)
			for j := i + 1; j < len(lines); j++ {
				if docSep.MatchString(lines[j]) {
					end = j
					break
				}
			}
			rng := commentRange(rel, i+1, line, len(m[1]))
			out = append(out, annotationIgnores(value, rng, lint.Range{File: rel, Line: docStart, Column: 1, EndLine: end})...)
		}
	}
	return out
}

// templateValue reads an annotation value written in a template: quoted,
// plain, or a block scalar over the following more-indented lines.
func templateValue(v string, rest []string, indent int) string {
	switch {
	case strings.HasPrefix(v, `"`):
		if u, err := strconv.Unquote(v); err == nil {
			return u
		}
		return strings.Trim(v, `"`)
	case strings.HasPrefix(v, `'`):
		return strings.ReplaceAll(strings.Trim(v, `'`), `''`, `'`)
	case strings.HasPrefix(v, "|") || strings.HasPrefix(v, ">"):
		var b []string
		for _, l := range rest {
			if strings.TrimSpace(l) == "" {
				continue
			}
			if len(l)-len(strings.TrimLeft(l, " \t")) <= indent {
				break
			}
			b = append(b, strings.TrimSpace(l))
		}
		return strings.Join(b, "\n")
	}
	return v
}
