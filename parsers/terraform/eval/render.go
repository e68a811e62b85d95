package eval

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/faultline-dev/faultline/lint"
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"go.yaml.in/yaml/v3"
)

var docSeparator = regexp.MustCompile(`(?m)^---[ \t]*(#.*)?$`)

// kubectlDocuments computes data "kubectl_path_documents" (files matching
// pattern, rendered as templates with vars) and data
// "kubectl_file_documents" (content): `documents` and `manifests`.
func (mi *ModInst) kubectlDocuments(typ string, v cty.Value) cty.Value {
	var texts []string
	switch typ {
	case "kubectl_file_documents":
		c := GetAttr(v, "content")
		if c == cty.NilVal || !c.IsKnown() || c.IsNull() || c.Type() != cty.String {
			return v
		}
		texts = []string{c.AsString()}
	case "kubectl_path_documents":
		pat := GetAttr(v, "pattern")
		if pat == cty.NilVal || !pat.IsKnown() || pat.IsNull() || pat.Type() != cty.String || hasSentinel(pat.AsString()) {
			return v
		}
		env := FuncEnv{h: mi.Evaluator.Holes, Tree: mi.Evaluator.Session.Options.Tree, Cwd: mi.Evaluator.Root.Dir, Beneath: mi.Evaluator.beneath}
		matches, err := env.glob(patternPath(env, pat.AsString()))
		if err != nil {
			mi.Evaluator.Notes = append(mi.Evaluator.Notes, lint.Note{Kind: lint.Skipped, What: typ + " pattern " + pat.AsString() + ": " + err.Error()})
			return v
		}
		vars := GetAttr(v, "vars")
		for _, f := range matches {
			src, err := env.readFile(f)
			if err != nil {
				continue
			}
			// Read as the provider reads it (rendered with vars), not
			// again as a plain manifest.
			mi.Evaluator.Templates = append(mi.Evaluator.Templates, f)
			text := src
			if vs := mi.knownVars(vars); vs != cty.NilVal {
				if t, err := renderTemplate(src, vs, mi.Evaluator.funcs, mi.Evaluator.Budget()); err == nil {
					text = t
				}
			}
			if text == src {
				mi.Evaluator.noteDocSources(f, src)
			} else {
				mi.Evaluator.noteRenderedDocSources(f, src, text)
			}
			texts = append(texts, text)
		}
	default:
		return v
	}
	var docs []cty.Value
	manifests := map[string]cty.Value{}
	for _, t := range texts {
		for _, d := range docSeparator.Split(t, -1) {
			if strings.TrimSpace(d) == "" {
				continue
			}
			manifests[strconv.Itoa(len(docs))] = cty.StringVal(d)
			docs = append(docs, cty.StringVal(d))
		}
	}
	if len(docs) == 0 {
		v = setAttr(v, "documents", cty.ListValEmpty(cty.String))
		return setAttr(v, "manifests", cty.MapValEmpty(cty.String))
	}
	v = setAttr(v, "documents", cty.ListVal(docs))
	return setAttr(v, "manifests", cty.MapVal(manifests))
}

// knownVars is a template's vars as they render: a known object or map
// whose values not known statically each stand as a hole (a value an
// error left unknown, Missing map element: ${cluster_name} renders as a
// value not known, never as its placeholder text); NilVal when vars
// itself is not known.
func (mi *ModInst) knownVars(vars cty.Value) cty.Value {
	if vars == cty.NilVal || !vars.IsKnown() || vars.IsNull() || !vars.CanIterateElements() {
		return cty.NilVal
	}
	if vars.IsWhollyKnown() {
		return vars
	}
	if !vars.Type().IsObjectType() && !vars.Type().IsMapType() {
		return cty.NilVal
	}
	out := map[string]cty.Value{}
	for it := vars.ElementIterator(); it.Next(); {
		k, e := it.Element()
		if !e.IsWhollyKnown() {
			e = mi.Evaluator.Holes.anon()
		}
		out[k.AsString()] = e
	}
	return cty.ObjectVal(out)
}

// manifestFileArgs are the arguments through which a resource or data
// source that applies Kubernetes manifests reads them from files: a
// file() or templatefile() call, or kubectl_path_documents' pattern.
var manifestFileArgs = map[string]string{
	"kubectl_manifest":       "yaml_body",
	"kubernetes_manifest":    "manifest",
	"kubectl_file_documents": "content",
	"kubectl_path_documents": "pattern",
}

// unappliedFiles records the files a manifest-applying resource or data
// source of no instance (count = 0: the NodePools of a mode turned off)
// names, as one of some instances would read them (kubectlDocuments,
// the extractor's embed): they are Terraform's input, applied when its
// count allows, not manifests kubectl applies on their own. Nothing is
// read from them. Only a path known without each or count is taken.
func (mi *ModInst) unappliedFiles(r *Resource) {
	arg, ok := manifestFileArgs[r.Type]
	if !ok || r.Data != (r.Type == "kubectl_file_documents" || r.Type == "kubectl_path_documents") {
		return
	}
	a, ok := r.Body.Attrs[arg]
	if !ok {
		return
	}
	if r.Type != "kubectl_path_documents" {
		if f := mi.TemplatePathIn(Unhooked(a.Expr), nil, "file", "templatefile"); f != "" {
			mi.Evaluator.Templates = append(mi.Evaluator.Templates, f)
		}
		return
	}
	pat := mi.Eval(a.Expr, nil)
	if !pat.IsKnown() || pat.IsNull() || pat.Type() != cty.String || hasSentinel(pat.AsString()) {
		return
	}
	env := FuncEnv{h: mi.Evaluator.Holes, Tree: mi.Evaluator.Session.Options.Tree, Cwd: mi.Evaluator.Root.Dir, Beneath: mi.Evaluator.beneath}
	matches, err := env.glob(patternPath(env, pat.AsString()))
	if err != nil {
		return
	}
	mi.Evaluator.Templates = append(mi.Evaluator.Templates, matches...)
}

// unappliedCall records the files the manifest-applying resources of a
// module call of no instance (count = 0, an empty for_each) name, as
// unappliedFiles does for a resource of no instance: Terraform's input,
// applied only when the call has instances, not manifests kubectl
// applies on their own. Only the called module's own resources are
// read, with path.module its directory; its own calls are not followed.
func (mi *ModInst) unappliedCall(c *Call, child *Module) {
	if child == nil || mi.stack[child.Dir] {
		return
	}
	ci := newModInst(mi.Evaluator, child, mi.Label("module."+c.name), mi.depth+1, withDir(mi.stack, child.Dir))
	ci.Call, ci.Parent = c, mi
	for _, r := range child.Resources {
		ci.unappliedFiles(r)
	}
}

// patternPath is a kubectl_path_documents pattern with its directory
// resolved as the working directory holds it.
func patternPath(env FuncEnv, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	dir, file := filepath.Split(p)
	return filepath.Join(env.Resolve(filepath.Clean("./"+dir)), file)
}

// DocSource is where a document read from a file as written starts: its
// first line is line Line of File (absolute).
type DocSource struct {
	File string
	Line int
}

// noteDocSources records where each document of src, the text of file f
// as written, starts (split as kubectlDocuments splits it), so that YAML
// a manifest attribute applies from it (kubectl_path_documents,
// kubectl_file_documents, split() of a file()) is placed in the file. A
// document is keyed by its text without the blank lines and spaces
// around it, and Line is where that text starts.
func (e *Evaluator) noteDocSources(f, src string) {
	if !strings.Contains(src, "apiVersion") {
		return // no Kubernetes object to place
	}
	if e.DocSources == nil {
		e.DocSources = map[string]DocSource{}
	}
	start := 0
	add := func(end int) {
		d := src[start:end]
		t := strings.TrimSpace(d)
		if t == "" {
			return
		}
		lead := strings.Index(d, t)
		if _, seen := e.DocSources[t]; !seen {
			e.DocSources[t] = DocSource{File: f, Line: 1 + strings.Count(src[:start+lead], "\n")}
		}
	}
	for _, m := range docSeparator.FindAllStringIndex(src, -1) {
		add(m[0])
		start = m[1]
	}
	add(len(src))
}

// fileRead notes a file file() read: where the documents it holds are
// (noteDocSources), and whether it is a kustomization.
func (e *Evaluator) fileRead(f, src string) {
	switch filepath.Base(f) {
	case "kustomization.yaml", "kustomization.yml", "Kustomization":
		e.KustomizationReads = append(e.KustomizationReads, f)
	}
	e.noteDocSources(f, src)
}

// noteRenderedDocSources is noteDocSources for text, src (the text of
// file f) rendered with a kubectl_path_documents' vars: each rendered
// document is placed where its source document is, when the two split
// into as many documents and each rendered one has its source's lines
// (vars filled in within lines, the common case); otherwise none is.
func (e *Evaluator) noteRenderedDocSources(f, src, text string) {
	if !strings.Contains(src, "apiVersion") {
		return
	}
	type doc struct {
		text  string
		start int
	}
	split := func(s string) []doc {
		var out []doc
		start := 0
		for _, m := range docSeparator.FindAllStringIndex(s, -1) {
			out = append(out, doc{s[start:m[0]], start})
			start = m[1]
		}
		return append(out, doc{s[start:], start})
	}
	from, to := split(src), split(text)
	if len(from) != len(to) {
		return
	}
	for i := range to {
		if strings.Count(from[i].text, "\n") != strings.Count(to[i].text, "\n") {
			return
		}
	}
	if e.DocSources == nil {
		e.DocSources = map[string]DocSource{}
	}
	for i, d := range to {
		t := strings.TrimSpace(d.text)
		if t == "" {
			continue
		}
		lead := strings.Index(d.text, t)
		if _, seen := e.DocSources[t]; !seen {
			e.DocSources[t] = DocSource{File: f, Line: 1 + strings.Count(src[:from[i].start], "\n") + strings.Count(d.text[:lead], "\n")}
		}
	}
}

// DocSourceOf is where document text, applied from a file read as
// written, is: its file and the file line of its first line (blank lines
// before its text counted back). False when it is no such document.
func (e *Evaluator) DocSourceOf(text string) (DocSource, bool) {
	t := strings.TrimSpace(text)
	src, ok := e.DocSources[t]
	if !ok || t == "" {
		return DocSource{}, false
	}
	src.Line -= strings.Count(text[:strings.Index(text, t)], "\n")
	return src, true
}

// maxGlobMatches bounds the files one kubectl_path_documents pattern reads.
const maxGlobMatches = 1000

// glob expands an absolute doublestar pattern inside the tree only: the
// pattern's fixed directory must lie inside it, symlinked directories are
// not followed, and at most maxGlobMatches files are returned, sorted.
func (e *FuncEnv) glob(pattern string) ([]string, error) {
	base, rest := doublestar.SplitPattern(filepath.ToSlash(filepath.Clean(pattern)))
	base = filepath.FromSlash(base)
	if e.Tree == nil || !e.Tree.Contains(base) {
		return nil, fmt.Errorf("%s lies outside the scanned tree; not read", base)
	}
	if !e.Tree.IsDir(base) {
		return nil, nil
	}
	if e.unkept != nil {
		e.unkept("a kubectl_path_documents pattern was expanded")
	}
	var matches []string
	err := doublestar.GlobWalk(os.DirFS(base), rest, func(p string, d fs.DirEntry) error {
		if len(matches) == maxGlobMatches {
			return fmt.Errorf("matches more than %d files", maxGlobMatches)
		}
		matches = append(matches, filepath.Join(base, filepath.FromSlash(p)))
		return nil
	}, doublestar.WithFilesOnly(), doublestar.WithNoFollow())
	if err != nil {
		return nil, err
	}
	sort.Strings(matches)
	return matches, nil
}

// errUnknownRender: a template's result depends on values unknown before
// apply.
var errUnknownRender = errors.New("its result is not known before apply")

// renderTemplate evaluates src as a Terraform template with vars.
// It is bounded like templatefile(): nesting checked before parsing, the
// root's budget charged while evaluating.
func renderTemplate(src string, vars cty.Value, funcs map[string]function.Function, b *budget) (string, error) {
	expr, x, diags := parseTemplate(src, "<template>")
	if x != nil {
		return "", x
	}
	if diags.HasErrors() {
		return "", diags
	}
	ctxVars := map[string]cty.Value{}
	for it := vars.ElementIterator(); it.Next(); {
		k, e := it.Element()
		ctxVars[k.AsString()] = e
	}
	if b != nil {
		ctxVars[budgetVar] = b.capsule
	}
	out, diags := expr.Value(&hcl.EvalContext{Variables: ctxVars, Functions: funcs})
	if diags.HasErrors() {
		return "", diags
	}
	if !out.IsKnown() || out.Type() != cty.String {
		return "", errUnknownRender
	}
	return out.AsString(), nil
}

// Source returns a file's bytes as parsed.
func (m *Module) Source(path string) []byte {
	if b, ok := m.src[path]; ok {
		return b
	}
	return nil
}

// HoldsObjects reports whether YAML text holds at least one Kubernetes
// object: a document that is a mapping with string apiVersion and kind (a
// kubeconfig, kind Config, is none). Documents that do not decode are
// skipped here; the manifest parser reports them where they are read.
func HoldsObjects(content []byte) bool {
	for _, doc := range docSeparator.Split(string(content), -1) {
		var head struct {
			APIVersion any `yaml:"apiVersion"`
			Kind       any `yaml:"kind"`
		}
		if yaml.Unmarshal([]byte(doc), &head) != nil {
			continue
		}
		api, ok1 := head.APIVersion.(string)
		kind, ok2 := head.Kind.(string)
		if ok1 && ok2 && api != "" && kind != "" && !(api == "v1" && kind == "Config") {
			return true
		}
	}
	return false
}
