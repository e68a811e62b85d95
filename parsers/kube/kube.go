// Package kube reads Kubernetes and Karpenter manifests into faultline's
// model: Karpenter node classes and node pools (current and legacy APIs),
// service accounts, and every other object as a plain KubeObject.
package kube

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/faultline-dev/faultline/internal/lockedfile"
	"io"
	"net/http"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/faultline-dev/faultline/internal/nesting"
	"github.com/faultline-dev/faultline/internal/yamlpos"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/internal/templatetext"
	"github.com/faultline-dev/faultline/lint"
)

// MaxFileSize is the largest manifest file ParseFile reads.
const MaxFileSize = 8 << 20

// ParseFile reads one YAML file (possibly multi-document) and returns model
// entities and input diagnostics. rel is the path to report in ranges, data
// the file content, and scope the AWS/cluster scope every entity gets.
// Documents before a syntax error are still returned.
func ParseFile(rel string, data []byte, scope lint.Scope) ([]lint.Entity, []lint.Diagnostic) {
	return Parse(rel, data, Options{Scope: scope})
}

// Options say how to read a manifest file.
type Options struct {
	// Scope is the AWS / cluster scope configured for the file.
	Scope lint.Scope
	// ReleaseNamespace is the namespace Helm installs the documents in (a
	// release's, rendered): a service account or workload that writes no
	// namespace is created there. Not set: such objects' namespace is
	// decided when they are applied.
	ReleaseNamespace *lint.Value
	// ReleaseNamespaceText, when set, is the text the release namespace
	// was rendered as, standing for ReleaseNamespace (a chart no release
	// installs, rendered in "default"): a metadata.namespace of that text
	// is ReleaseNamespace.
	ReleaseNamespaceText string
	// ReleaseNameText, when set, is the text the release's name was
	// rendered as for a chart no release installs (its chart's name): a
	// label value a pod requires of exactly that text (nodeSelector,
	// required node affinity) is the name given at install, not known.
	ReleaseNameText string
	// TargetNamespace, when set, is the namespace a Flux Kustomization's
	// spec.targetNamespace places the documents in: every object that is
	// not cluster-scoped (as kustomize's namespace transformer decides,
	// with kyaml's schema) is in it, whatever metadata.namespace says.
	TargetNamespace string
	// TargetNamespaceRange is where TargetNamespace is written (the
	// namespace of a service account placed there is decided there).
	TargetNamespaceRange lint.Range
	// DestinationNamespace, when set, is the namespace an Argo CD
	// Application's destination gives the documents that write none: a
	// namespaced object without metadata.namespace is in it (one that
	// writes its own keeps it). DestinationNamespaceRange is where it is
	// written.
	DestinationNamespace      string
	DestinationNamespaceRange lint.Range
	// Holes decodes sentinels that unknown Terraform values left in
	// rendered or embedded YAML (nil: none expected).
	Holes *lint.Holes
	// Source marks the entities (default kubernetes): helm, kustomize,
	// terraform for manifests embedded in Terraform.
	Source lint.Source
	// Inferred is copied to every entity (a chart rendered with its
	// defaults because no release was found).
	Inferred []string
	// MapRange, when set, maps every range in the parsed text to where a
	// user would change it: rendered chart output to its template or values
	// key, YAML embedded in Terraform to the .tf file. text is the node's
	// scalar text ("" for collections).
	MapRange func(r lint.Range, text string) lint.Range
	// MapDiagnostic, when set, maps the range of a YAML syntax error.
	MapDiagnostic func(r lint.Range) lint.Range
	// Notes, when set, receives coverage notes for text that fails to
	// parse only because it is not final yet: a document holding a hole
	// (a value unknown before apply, rendered into a chart or embedded in
	// Terraform), or with Templates a placeholder. Such input is not
	// broken, so it is no FL000.
	Notes func(lint.Note)
	// Templates says the text is a file as written, which may be a
	// template rather than a manifest: a parse error in a document holding
	// a placeholder ({{ }}, ${x}, {NAME}, __NAME__) is a note. Rendered
	// output leaves it unset: a placeholder left there is broken.
	Templates bool
	// Substituted says the text is what a Flux Kustomization's post-build
	// substitution made of a file: what it leaves of a placeholder
	// (escaped, or substitution disabled) is applied as written.
	Substituted bool
	// WithoutValues, for chart output rendered without values faultline
	// cannot evaluate, names them: a YAML syntax error in it is a note
	// (what those values make the templates write is not known), not
	// broken input.
	WithoutValues string
	// WithoutValuesAt, when set, narrows WithoutValues to the errors it
	// says may come of those values (given the range MapDiagnostic maps
	// an error to); an error elsewhere stays a diagnostic.
	WithoutValuesAt func(lint.Range) bool
	// Parsed, when set, is every document of data as yaml.v3's Decoder
	// gives it, in order (data parsed whole, no document nested deeper
	// than nesting.Max): Parse reads those instead of decoding data again.
	// They are only read. A renderer that parsed its output already (to
	// map positions) hands its documents here, so that the output is
	// parsed once.
	Parsed []*yaml.Node

	// src is the file's text, for columns yaml.v3 does not keep (inside
	// block scalars).
	src []byte
}

// Parse reads one YAML file (possibly multi-document) with options.
func Parse(rel string, data []byte, opts Options) ([]lint.Entity, []lint.Diagnostic) {
	ents, diags, _ := ParseDocs(rel, data, opts)
	return ents, diags
}

// ParseDocs is Parse that also returns the documents it read — every
// document of data as yaml.v3's Decoder gives it (Options.Parsed, or its
// own decoding) — when data parsed whole and nested no deeper than
// nesting.Max; nil otherwise. Other readers of the same file (the release
// finder, compositions) take them instead of decoding data again; they
// must only read them.
func ParseDocs(rel string, data []byte, opts Options) ([]lint.Entity, []lint.Diagnostic, []*yaml.Node) {
	if len(data) > MaxFileSize {
		return nil, []lint.Diagnostic{{
			Range:   pointRange(rel, 1, 1),
			Summary: "file too large",
			Detail:  fmt.Sprintf("%d bytes is more than the %d-byte limit for a manifest file", len(data), MaxFileSize),
		}}, nil
	}
	if why, locked := lockedfile.Why(data); locked && opts.Notes != nil {
		// Locked in this checkout (not fetched, not decrypted): what it
		// describes is not known; it is not broken.
		opts.Notes(lint.Note{Kind: lint.Skipped, Range: lint.Range{File: rel}, What: "not read: it is " + why})
		return nil, nil, nil
	}
	var out []lint.Entity
	diags, data := tooDeep(rel, data, &opts)
	whole := diags == nil
	opts.src = data
	if opts.Parsed != nil && whole {
		for i, root := range opts.Parsed {
			es, ds := parseDocument(rel, i, root, &opts)
			out, diags = append(out, es...), append(diags, ds...)
		}
		return out, diags, opts.Parsed
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	lastLine := 0
	var docs []*yaml.Node
	for i := 0; ; i++ {
		root := new(yaml.Node)
		err := decode(dec, root)
		if errors.Is(err, io.EOF) {
			if !whole {
				docs = nil
			}
			return out, diags, docs
		}
		if err != nil {
			d := syntaxError(rel, data, err, lastLine)
			if n, ok := unfinished(rel, data, lastLine, d, &opts); ok {
				opts.Notes(n)
				return out, diags, nil
			}
			if opts.MapDiagnostic != nil {
				d.Range = opts.MapDiagnostic(d.Range)
			}
			return out, append(diags, d), nil
		}
		docs = append(docs, root)
		if !(opts.Templates && templateTagDocument(data, root)) {
			// A document that is a template tag (`{{ if .Values.x }}`
			// parses as a flow mapping) belongs to the template text
			// that follows it.
			lastLine, _ = yamlpos.End(root)
		}
		es, ds := parseDocument(rel, i, root, &opts)
		out, diags = append(out, es...), append(diags, ds...)
	}
}

// templatePlaceholder matches what a templating step replaces before YAML
// is read (templatetext.Placeholder).
var templatePlaceholder = templatetext.Placeholder

// unfinished turns syntax error d into a coverage note when the failing
// document is not final yet: it holds a hole, or (for a file as written)
// a template placeholder.
func unfinished(rel string, data []byte, after int, d lint.Diagnostic, opts *Options) (lint.Note, bool) {
	if opts.Notes == nil {
		return lint.Note{}, false
	}
	if at, ok := lineBefore(data, after, d.Range.Line, func(l []byte) bool { return lint.HasSentinelBytes(l) }); ok {
		r := pointRange(rel, at, 1)
		if opts.MapDiagnostic != nil {
			r = opts.MapDiagnostic(r)
		}
		return lint.Note{Kind: lint.Unresolved, Range: r,
			What: fmt.Sprintf("does not parse with a value unknown before apply in it (%s); what it describes is unknown", d.Detail)}, true
	}
	if r := d.Range; opts.WithoutValues != "" {
		if opts.MapDiagnostic != nil {
			r = opts.MapDiagnostic(r)
		}
		if opts.WithoutValuesAt != nil && !opts.WithoutValuesAt(r) {
			return lint.Note{}, false
		}
		return lint.Note{Kind: lint.Unresolved, Range: r,
			What: fmt.Sprintf("does not parse as rendered without %s (%s); what it describes is unknown", opts.WithoutValues, d.Detail)}, true
	}
	if !opts.Templates {
		return lint.Note{}, false
	}
	if what, ok := otherLanguage(data); ok {
		return lint.Note{Kind: lint.Skipped, Range: d.Range,
			What: fmt.Sprintf("does not parse (%s), and it is %s, no Kubernetes manifest; not read", d.Detail, what)}, true
	}
	if what, ok := notManifest(data, after, d.Range.Line); ok {
		return lint.Note{Kind: lint.Skipped, Range: d.Range,
			What: fmt.Sprintf("does not parse (%s), and it is %s, no Kubernetes manifest (what parses before the error says so); not read", d.Detail, what)}, true
	}
	if what, ok := conflictedNonManifest(data); ok {
		return lint.Note{Kind: lint.Skipped, Range: d.Range,
			What: fmt.Sprintf("does not parse (%s): it holds git merge conflict markers, and it is %s, no Kubernetes manifest (the first side of each conflict says so); not read", d.Detail, what)}, true
	}
	if ownError(rel, data, d) {
		// The same error with every template tag blanked: the file's
		// own, whatever its placeholders are filled with.
		return lint.Note{}, false
	}
	// A placeholder on a line of YAML, else in a comment (a templated
	// file's comments name its variables too).
	at, ok := lineBefore(data, after, d.Range.Line, func(l []byte) bool {
		return templatePlaceholder.Match(l) && !bytes.HasPrefix(bytes.TrimSpace(l), []byte("#"))
	})
	if !ok {
		at, ok = lineBefore(data, after, d.Range.Line, templatePlaceholder.Match)
	}
	if ok {
		return lint.Note{Kind: lint.Skipped, Range: pointRange(rel, at, 1),
			What: fmt.Sprintf("read as a template, not a manifest: its YAML does not parse before rendering (%s; a placeholder at line %d)", d.Detail, at)}, true
	}
	return lint.Note{}, false
}

// ownError reports whether syntax error d of data is the file's own, not
// its template's: its line holds no placeholder, and data with its
// template tags blanked (templatetext.Blanked: `{{ }}`, `{% %}` and
// `<% %>`, in comments and quoted strings too) fails with the same error
// on the same line. False when data has no such tag, or once blanked it
// parses or fails elsewhere (a tag that is YAML structure of its own
// until filled).
func ownError(rel string, data []byte, d lint.Diagnostic) bool {
	lines := bytes.Split(data, []byte("\n"))
	if l := d.Range.Line; l < 1 || l > len(lines) || templatePlaceholder.Match(lines[l-1]) {
		return false
	}
	blank, ok := templatetext.Blanked(data)
	if !ok {
		return false
	}
	dec := yaml.NewDecoder(bytes.NewReader(blank))
	for {
		var root yaml.Node
		err := decode(dec, &root)
		if errors.Is(err, io.EOF) {
			return false
		}
		if err != nil {
			again := syntaxError(rel, blank, err, 0)
			return again.Range.Line == d.Range.Line && again.Detail == d.Detail
		}
	}
}

// maxPrefixRetreat bounds how many lines before a parse error notManifest
// drops to find what the file is.
const maxPrefixRetreat = 8

// lastDocument is the last document of data, false when data fails to
// parse.
func lastDocument(data []byte) (yaml.Node, bool) {
	var root yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for {
		var doc yaml.Node
		if err := dec.Decode(&doc); err != nil {
			return root, errors.Is(err, io.EOF)
		}
		root = doc
	}
}

// notManifest says what the failing document is when the lines of it
// before the error line (after the last good document, line after) parse
// and show it is no Kubernetes object: an OpenAPI (Swagger) document —
// its first key, openapi or swagger, holds a version —, a GitHub Actions
// workflow, or a YAML list (an Ansible playbook), where every object is a
// mapping.
func notManifest(data []byte, after, errLine int) (string, bool) {
	lines := bytes.Split(data, []byte("\n"))
	if errLine-1 > len(lines) || errLine < 2 {
		return "", false
	}
	from := after
	if errLine-1 <= after {
		// The error comes right after a document that parsed (an INI
		// section header, [SERVICE], is a flow list): that document is
		// what the file is.
		from = 0
	}
	if at, ok := jenkinsPipeline(lines); ok {
		return fmt.Sprintf("a Jenkins pipeline (Groovy: its block opens at line %d)", at), true
	}
	// The script's first line may itself parse, as a document of one
	// plain scalar (`cat <<EOF | kubectl apply -f -` before a ---):
	// from the start of the file too.
	for _, start := range []int{from, 0} {
		if at, ok := shellHeredoc(lines, start, errLine-1); ok {
			return fmt.Sprintf("a shell script (a here-document opens at line %d)", at), true
		}
	}
	// The parser may report a break a few lines after the line that
	// broke it (a block scalar a dedented line ends): the lines before
	// the error are read, and fewer of them while they still fail.
	var root yaml.Node
	parsed := false
	for end := errLine - 1; end > from && end >= errLine-1-maxPrefixRetreat && !parsed; end-- {
		root, parsed = lastDocument(bytes.Join(lines[from:end], []byte("\n")))
	}
	if !parsed || len(root.Content) != 1 {
		return "", false
	}
	n := root.Content[0]
	switch {
	case n.Kind == yaml.SequenceNode:
		return "a YAML list", true
	case n.Kind == yaml.MappingNode && len(n.Content) >= 2:
		k, v := n.Content[0], n.Content[1]
		if (k.Value == "openapi" || k.Value == "swagger") && v.Kind == yaml.ScalarNode && v.Value != "" {
			return "an OpenAPI document (" + k.Value + " " + v.Value + ")", true
		}
		if workflow(n) {
			return "a GitHub Actions workflow (its keys on and jobs)", true
		}
		if issueForm(n) {
			return "a GitHub issue or discussion form (its body of form elements)", true
		}
		if prometheusConfig(n) {
			return "a Prometheus configuration (its scrape_configs list)", true
		}
	}
	return "", false
}

// otherLanguage tells a file named .yaml whose whole text is another
// language, by that language's own reading: an HTML or XML page (the
// standard library's content sniffing, as a browser does: a saved web
// page), or HCL that parses as a whole (a Terraform snippet kept for
// reference, commented out or not). YAML that fails to parse is neither.
func otherLanguage(data []byte) (string, bool) {
	if ansiEscape.Match(data) {
		// YAML refuses control characters: text a terminal coloured
		// (a command's output saved with its colour codes).
		return "a terminal's output (it holds ANSI colour escape sequences)", true
	}
	if at, ok := markdownTaskList(data); ok {
		return fmt.Sprintf("Markdown text (a task list item at line %d)", at), true
	}
	switch ct := http.DetectContentType(data); {
	case strings.HasPrefix(ct, "text/html"):
		return "an HTML page (its content sniffs as HTML)", true
	case strings.HasPrefix(ct, "text/xml"):
		return "an XML document (its content sniffs as XML)", true
	}
	if nesting.HCLFile("", data) != nil {
		return "", false
	}
	if _, diags := hclsyntax.ParseConfig(data, "", hcl.InitialPos); !diags.HasErrors() {
		return "HCL text, a Terraform snippet (it parses whole as HCL)", true
	}
	return "", false
}

// ansiEscape matches a terminal's colour escape sequence (ESC [ … m).
var ansiEscape = regexp.MustCompile("\x1b\\[[0-9;]*m")

// taskListItem matches a Markdown task list item (`- [ ] text`,
// `* [x] text`), which YAML reads as a flow list followed by text: no
// YAML document holds one.
var taskListItem = regexp.MustCompile(`^\s*[-*] \[[ xX]\] \S`)

// markdownTaskList is the 1-based line of the first Markdown task list
// item of data (taskListItem), in text with no top-level apiVersion or
// kind key (a manifest that holds Markdown in a string is a manifest).
func markdownTaskList(data []byte) (int, bool) {
	n, at := 0, 0
	for l := range bytes.Lines(data) {
		n++
		if bytes.HasPrefix(l, []byte("apiVersion:")) || bytes.HasPrefix(l, []byte("kind:")) {
			return 0, false
		}
		if at == 0 && taskListItem.Match(l) {
			at = n
		}
	}
	return at, at > 0
}

// jenkinsOpen matches the line a Jenkinsfile's pipeline opens with: a
// declarative pipeline's block, a scripted one's node block (with its
// label), or a shared library's annotation.
var jenkinsOpen = regexp.MustCompile(`^(?:(?:pipeline|node)\s*(?:\([^)]*\))?\s*\{\s*$|@Library\()`)

// jenkinsPipeline reports whether the file's first line that is neither
// blank nor a comment (YAML's # or Groovy's //) opens a Jenkins pipeline
// (jenkinsOpen), which no YAML document begins with: Groovy, its 1-based
// line.
func jenkinsPipeline(lines [][]byte) (int, bool) {
	for i, l := range lines {
		l = bytes.TrimSpace(l)
		if len(l) == 0 || l[0] == '#' || bytes.HasPrefix(l, []byte("//")) {
			continue
		}
		return i + 1, jenkinsOpen.Match(l)
	}
	return 0, false
}

// heredocOpen matches a shell here-document's redirection and its
// delimiter word, quoted or not (`<<EOF`, `<<-'EOF'`).
var heredocOpen = regexp.MustCompile(`<<(-?)\s*(['"]?)([A-Za-z_][A-Za-z0-9_]*)(['"]?)`)

// shellHeredoc reports whether the first line of lines[from:to] that is
// neither blank nor a comment is a shell command opening a here-document
// that a later line of the file closes (`cat <<EOF | kubectl apply -f -`
// … `EOF`), or that the file leaves open (bash reads it to the end of
// the file, with a warning) when the line is no YAML mapping entry: a
// shell script, its 1-based line.
func shellHeredoc(lines [][]byte, from, to int) (int, bool) {
	for i := from; i < to && i < len(lines); i++ {
		l := bytes.TrimSpace(lines[i])
		if len(l) == 0 || l[0] == '#' {
			continue
		}
		m := heredocOpen.FindSubmatch(l)
		if m == nil || string(m[2]) != string(m[4]) || bytes.HasPrefix(l, []byte("<<<<<<<")) {
			return 0, false // none, or a merge conflict's marker
		}
		for _, later := range lines[i+1:] {
			later = bytes.TrimRight(later, "\r")
			if len(m[1]) > 0 {
				later = bytes.TrimLeft(later, "\t")
			}
			if bytes.Equal(later, m[3]) {
				return i + 1, true
			}
		}
		if !bytes.Contains(l, []byte(": ")) && !bytes.HasSuffix(l, []byte(":")) {
			return i + 1, true
		}
		return 0, false
	}
	return 0, false
}

// workflow reports whether the top-level mapping n is a GitHub Actions
// workflow's: its triggers under on, or its jobs under jobs (a mapping),
// and no apiVersion or kind.
func workflow(n *yaml.Node) bool {
	trigger, jobs := false, false
	for i := 0; i+1 < len(n.Content); i += 2 {
		switch k, v := n.Content[i].Value, n.Content[i+1]; k {
		case "apiVersion", "kind":
			return false
		case "on":
			trigger = true
		case "jobs":
			jobs = v.Kind == yaml.MappingNode
		}
	}
	return trigger || jobs
}

// prometheusConfig reports whether the top-level mapping n is a
// Prometheus configuration file's: a scrape_configs list (the key the
// Prometheus server, Grafana Agent and the OpenTelemetry Collector's
// prometheus receiver read) and no apiVersion or kind. A chart's values
// nest it under the server's configuration, never at the top.
func prometheusConfig(n *yaml.Node) bool {
	scrape := false
	for i := 0; i+1 < len(n.Content); i += 2 {
		switch k, v := n.Content[i].Value, n.Content[i+1]; k {
		case "apiVersion", "kind":
			return false
		case "scrape_configs":
			scrape = v.Kind == yaml.SequenceNode
		}
	}
	return scrape
}

// formElements are the element types of GitHub's issue and discussion
// forms ("Syntax for GitHub's form schema": checkboxes, dropdown, input,
// markdown, textarea).
var formElements = map[string]bool{"checkboxes": true, "dropdown": true, "input": true, "markdown": true, "textarea": true}

// issueForm reports whether a mapping is a GitHub issue or discussion
// form (.github/ISSUE_TEMPLATE, .github/DISCUSSION_TEMPLATE): no apiVersion
// or kind, and a body list whose elements are mappings of a form
// element type.
func issueForm(n *yaml.Node) bool {
	form := false
	for i := 0; i+1 < len(n.Content); i += 2 {
		switch k, v := n.Content[i].Value, n.Content[i+1]; k {
		case "apiVersion", "kind":
			return false
		case "body":
			if v.Kind != yaml.SequenceNode || len(v.Content) == 0 {
				return false
			}
			for _, el := range v.Content {
				if _, t := lookup(el, "type"); t == nil || t.Kind != yaml.ScalarNode || !formElements[t.Value] {
					return false
				}
			}
			form = true
		}
	}
	return form
}

// templateTagDocument reports whether a document is a template tag on
// lines of its own: a flow mapping whose every line holds a placeholder.
func templateTagDocument(data []byte, root *yaml.Node) bool {
	n := root
	if n.Kind == yaml.DocumentNode && len(n.Content) == 1 {
		n = n.Content[0]
	}
	if n.Kind != yaml.MappingNode || n.Style&yaml.FlowStyle == 0 {
		return false
	}
	end, _ := yamlpos.End(root)
	lines := bytes.Split(data, []byte("\n"))
	for l := n.Line; l <= end && l <= len(lines); l++ {
		if !templatePlaceholder.Match(lines[l-1]) {
			return false
		}
	}
	return n.Line > 0
}

// lineBefore finds the matching line of the failing document nearest its
// error: the last one after line after (the end of the last good document)
// up to the error's line — an earlier placeholder (a release template in a
// quoted scalar) may well be valid YAML.
func lineBefore(data []byte, after, errLine int, match func([]byte) bool) (int, bool) {
	found := 0
	for i, l := range bytes.Split(data, []byte("\n")) {
		n := i + 1
		if n <= after {
			continue
		}
		if n > errLine {
			break
		}
		if match(l) {
			found = n
		}
	}
	return found, found > 0
}

// tooDeep reports every document of data nested deeper than nesting.Max
// and returns data with those documents blanked, so that the others are
// still read, at their lines.
func tooDeep(rel string, data []byte, opts *Options) ([]lint.Diagnostic, []byte) {
	exs := nesting.YAML(data)
	var diags []lint.Diagnostic
	for _, e := range exs {
		d := lint.Diagnostic{Range: pointRange(rel, e.Line, e.Column), Summary: "nesting too deep", Detail: e.Detail()}
		if opts.MapDiagnostic != nil {
			d.Range = opts.MapDiagnostic(d.Range)
		}
		diags = append(diags, d)
	}
	if len(exs) == 0 {
		return nil, data
	}
	return diags, nesting.Blank(data, exs)
}

// Decode parses data into every document as yaml.v3's Decoder gives it,
// the way ParseDocs would, for Options.Parsed and the other readers of the
// same file; false when ParseDocs would not read them (the file is over
// MaxFileSize, a document nests deeper than nesting.Max, or the text does
// not parse whole), and then nil: a reader decodes the text itself.
func Decode(data []byte) ([]*yaml.Node, bool) {
	if len(data) > MaxFileSize || len(nesting.YAML(data)) > 0 {
		return nil, false
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var docs []*yaml.Node
	for {
		root := new(yaml.Node)
		err := decode(dec, root)
		if errors.Is(err, io.EOF) {
			return docs, true
		}
		if err != nil {
			return nil, false
		}
		docs = append(docs, root)
	}
}

// DecodePrefix is Decode for a file that may not parse: the documents
// before its first error (none when it is too large or too deep).
func DecodePrefix(data []byte) []*yaml.Node {
	if len(data) > MaxFileSize || len(nesting.YAML(data)) > 0 {
		return nil
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var docs []*yaml.Node
	for {
		root := new(yaml.Node)
		if err := decode(dec, root); err != nil {
			return docs
		}
		docs = append(docs, root)
	}
}

// decode reads the next document, turning a parser panic into an error so
// bad input never crashes the linter.
func decode(dec *yaml.Decoder, n *yaml.Node) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("yaml: internal parser error: %v", r)
		}
	}()
	return dec.Decode(n)
}

// syntaxError turns a yaml.v3 error into a diagnostic at the line it names,
// or, when it names none, at the first byte YAML rejects or the unknown
// alias after the last good document.
func syntaxError(rel string, data []byte, err error, after int) lint.Diagnostic {
	msg := err.Error()
	line, col := 0, 1
	if l, c, detail, ok := yamlpos.ErrorAt(data, msg); ok {
		line, col, msg = l, c, detail
	} else {
		msg = strings.TrimPrefix(msg, "yaml: ")
		line, col = locate(data, msg, after)
	}
	return lint.Diagnostic{Range: pointRange(rel, max(line, 1), col), Summary: "invalid YAML", Detail: msg}
}

var unknownAnchor = regexp.MustCompile(`^unknown anchor '(.*)' referenced$`)

// locate finds the position of an error yaml.v3 reports without a line: an
// unknown alias (searched after line after) or a byte YAML does not allow.
func locate(data []byte, msg string, after int) (line, col int) {
	if m := unknownAnchor.FindStringSubmatch(msg); m != nil {
		if l, c, ok := find(data, []byte("*"+m[1]), after); ok {
			return l, c
		}
	}
	line, col = 1, 1
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if (r == utf8.RuneError && size <= 1) || (r < 0x20 && r != '\t' && r != '\n' && r != '\r') || r == 0x7f {
			return line, col
		}
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
		i += size
	}
	return 1, 1
}

// find returns the line and column of the first occurrence of needle on a
// line after line after.
func find(data, needle []byte, after int) (line, col int, ok bool) {
	for i, l := range bytes.Split(data, []byte("\n")) {
		if i+1 <= after {
			continue
		}
		if j := bytes.Index(l, needle); j >= 0 {
			return i + 1, utf8.RuneCount(l[:j]) + 1, true
		}
	}
	return 0, 0, false
}

// pointRange is an empty range at one position.
func pointRange(file string, line, col int) lint.Range {
	return lint.Range{File: file, Line: line, Column: col, EndLine: line, EndColumn: col}
}
