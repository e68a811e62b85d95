// Package chartrender renders a chart in this process as `helm template`
// would, with Helm's own engine: no cluster, no DNS, no schema fetching.
// It is the only package that links Helm's engine and chart utilities
// (and, through them, client-go and a JSON-schema compiler whose package
// initialisation costs more than the rest of faultline's start-up), so
// the faultline command does not import it: its chart renders run in
// faultline-render processes (helm.Pool), which do.
package chartrender

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"text/template"
	"unicode/utf8"

	"helm.sh/helm/v3/pkg/chart"
	"helm.sh/helm/v3/pkg/chart/loader"
	"helm.sh/helm/v3/pkg/chartutil"
	"helm.sh/helm/v3/pkg/engine"

	"github.com/faultline-dev/faultline/parsers/helm/renderapi"
)

// InProcess renders in the calling process. It has no time or memory
// bound: use it for trusted input and tests; helm.Pool for pull requests.
type InProcess struct{}

// Render implements helm.Renderer.
func (InProcess) Render(ctx context.Context, req renderapi.Request) (renderapi.Result, error) {
	if err := ctx.Err(); err != nil {
		return renderapi.Result{}, &renderapi.StoppedError{Reason: err.Error()}
	}
	return Render(req)
}

// renderMu serializes rendering: Helm logs through the standard library's
// global logger, which is redirected while a chart renders.
var renderMu sync.Mutex

// Render loads and renders a chart as `helm template` would, with no
// cluster (lookup returns nothing), no DNS, no schema fetching, and
// LintMode so missing `required` values and `fail` become notes.
func Render(req renderapi.Request) (res renderapi.Result, err error) {
	// A request from a kept chart load reads the files it did not keep.
	if req, err = req.Complete(); err != nil {
		return renderapi.Result{}, err
	}
	renderMu.Lock()
	defer renderMu.Unlock()
	defer seedRandomness(req)()
	var logs bytes.Buffer
	prevOut, prevFlags, prevPrefix := log.Writer(), log.Flags(), log.Prefix()
	log.SetOutput(&logs)
	log.SetFlags(0)
	log.SetPrefix("")
	defer func() {
		log.SetOutput(prevOut)
		log.SetFlags(prevFlags)
		log.SetPrefix(prevPrefix)
		if r := recover(); r != nil {
			res, err = renderapi.Result{}, &renderapi.RenderError{Stage: "template", Message: fmt.Sprintf("rendering panicked: %v", r)}
		}
		notes, refused := logNotes(logs.String())
		res.Notes = append(res.Notes, notes...)
		res.RefusedValues = res.RefusedValues || refused
	}()

	files := make([]*loader.BufferedFile, 0, len(req.Files))
	for _, f := range req.Files {
		files = append(files, &loader.BufferedFile{Name: f.Name, Data: f.Data})
	}
	files, dups := dropDuplicateArchives(files)
	res.Notes = append(res.Notes, dups...)
	c, err := loader.LoadFiles(files)
	if err != nil {
		return renderapi.Result{}, &renderapi.RenderError{Stage: "load", Message: err.Error()}
	}
	vals := req.Values
	if vals == nil {
		vals = map[string]any{}
	}
	missing := unvendored(c.Metadata.Dependencies, c)
	res.Notes = append(res.Notes, dependencyNotes(missing)...)
	if err := chartutil.ProcessDependenciesWithMerge(c, vals); err != nil {
		return renderapi.Result{}, &renderapi.RenderError{Stage: "values", Message: err.Error()}
	}
	kv := req.KubeVersion
	if kv == "" {
		kv = renderapi.DefaultKubeVersion
	}
	caps := chartutil.DefaultCapabilities.Copy()
	if v, err := chartutil.ParseKubeVersion(kv); err == nil {
		caps.KubeVersion = *v
	}
	if len(req.APIVersions) > 0 {
		caps.APIVersions = append(append(chartutil.VersionSet(nil), caps.APIVersions...), req.APIVersions...)
	}
	top, err := chartutil.ToRenderValuesWithSchemaValidation(c, vals, chartutil.ReleaseOptions{
		Name: req.ReleaseName, Namespace: req.Namespace, Revision: 1, IsInstall: true,
	}, caps, true)
	if err != nil {
		return renderapi.Result{}, &renderapi.RenderError{Stage: "values", Message: err.Error()}
	}
	var out map[string]string
	if hasTemplates(c) {
		if out, err = (engine.Engine{LintMode: true}).Render(c, top); err != nil {
			re := templateError(err)
			if errors.As(err, new(template.ExecError)) {
				re.Executing = true
				re.Unknown = unknowns(missing, logs.String())
			}
			return renderapi.Result{Notes: res.Notes}, re
		}
	}
	for name, content := range out {
		// What Helm installs (action.renderResources, then
		// releaseutil.SortManifests): every template's output whatever
		// its extension (a templates/nodeclass.tpl too), but NOTES.txt
		// and output that is only whitespace; the engine renders no
		// partial (_helpers.tpl).
		if strings.HasSuffix(name, "NOTES.txt") || strings.TrimSpace(content) == "" {
			continue
		}
		res.Manifests = append(res.Manifests, renderapi.Manifest{Template: chartPath(name), Content: helmDocuments(content)})
	}
	if req.IncludeCRDs {
		for _, crd := range c.CRDObjects() {
			if crd.File != nil && strings.TrimSpace(string(crd.File.Data)) != "" {
				res.Manifests = append(res.Manifests, renderapi.Manifest{Template: chartPath(filepath.ToSlash(crd.Filename)), Content: string(crd.File.Data)})
			}
		}
	}
	sort.Slice(res.Manifests, func(i, j int) bool { return res.Manifests[i].Template < res.Manifests[j].Template })
	for _, m := range missing {
		if m.dep.Enabled {
			res.Unvendored = append(res.Unvendored, m.name)
		}
	}
	return res, nil
}

// hasTemplates says whether c or a subchart it renders holds a template.
// Helm's engine renders nothing for a chart tree without one, and its
// set-up alone (a function map of some two hundred entries per rendering)
// is most of the cost of rendering an umbrella chart whose dependencies
// are not vendored, the commonest chart in GitOps repositories.
func hasTemplates(c *chart.Chart) bool {
	for _, t := range c.Templates {
		if t != nil {
			return true
		}
	}
	for _, d := range c.Dependencies() {
		if hasTemplates(d) {
			return true
		}
	}
	return false
}

// missingDependency is a dependency Chart.yaml declares that is not
// vendored under charts/ (helm dependency build was not run).
type missingDependency struct {
	// name is the dependency's name as the chart reads it (its alias
	// when it has one); from its repository and version, or "".
	name, from string
	// dep is Chart.yaml's entry: Helm sets its Enabled once the values
	// have decided its condition and tags.
	dep *chart.Dependency
}

// unvendored are the dependencies deps declares that c does not hold.
func unvendored(deps []*chart.Dependency, c *chart.Chart) []missingDependency {
	have := map[string]bool{}
	for _, d := range c.Dependencies() {
		have[d.Name()] = true
	}
	var out []missingDependency
	for _, d := range deps {
		if d == nil {
			continue
		}
		name := d.Name
		if d.Alias != "" {
			name = d.Alias
		}
		if have[name] || have[d.Name] {
			continue
		}
		out = append(out, missingDependency{name: name, from: strings.TrimSpace(d.Repository + " " + d.Version), dep: d})
	}
	return out
}

// dependencyNotes notes each missing dependency.
func dependencyNotes(missing []missingDependency) []string {
	var out []string
	for _, m := range missing {
		from := ""
		if m.from != "" {
			from = " (" + m.from + ")"
		}
		out = append(out, fmt.Sprintf("dependency %q%s is not in charts/: not rendered", m.dep.Name, from))
	}
	return out
}

// unknowns is what a rendering that failed went without (see
// renderapi.RenderError.Unknown): the missing dependencies its values
// enable, and the required values Helm logged as missing.
func unknowns(missing []missingDependency, logs string) []string {
	var out []string
	for _, m := range missing {
		if m.dep.Enabled {
			out = append(out, fmt.Sprintf("dependency %q", m.name))
		}
	}
	for _, l := range strings.Split(logs, "\n") {
		if msg, ok := strings.CutPrefix(strings.TrimSpace(l), requiredLog); ok {
			out = append(out, fmt.Sprintf("required value (%s)", msg))
		}
	}
	return out
}

// requiredLog begins the line Helm's engine logs in LintMode for a
// `required` call without a value.
const requiredLog = "[INFO] Missing required value: "

// chartPath strips the root chart's name from a rendered template's name
// ("nodes/templates/x.yaml" → "templates/x.yaml").
func chartPath(name string) string {
	if _, rest, ok := strings.Cut(name, "/"); ok {
		return rest
	}
	return name
}

// errLocation finds the first template position in a Helm error:
// "parse error at (c/templates/x.yaml:3): …", "execution error at
// (c/templates/x.yaml:3:5): …", "template: c/templates/x.yaml:3:5: …".
// A chart's name may hold spaces, and so its templates' names ("model
// server/templates/sa.yaml").
var errLocation = regexp.MustCompile(`(?:at \(|template: )([^\s():](?:[^():\n]*[^\s():])?):(\d+)(?::(\d+))?`)

// templateError turns an engine error into a RenderError at the template
// and line Helm names.
func templateError(err error) *renderapi.RenderError {
	msg := strings.TrimSpace(err.Error())
	e := &renderapi.RenderError{Stage: "template", Message: shortenError(msg)}
	// The innermost position is where the problem is (an included
	// helper's line rather than the include) — in a file of the chart: the
	// text a tpl call renders is a template named "gotpl", no file, so
	// its position is the tpl call's.
	ms := errLocation.FindAllStringSubmatch(msg, -1)
	for len(ms) > 1 && !strings.Contains(ms[len(ms)-1][1], "/") {
		ms = ms[:len(ms)-1]
	}
	if len(ms) > 0 && strings.Contains(ms[len(ms)-1][1], "/") {
		m := ms[len(ms)-1]
		e.Template = chartPath(m[1])
		e.Line, _ = strconv.Atoi(m[2])
		if m[3] != "" {
			// text/template's ErrorContext counts the bytes before the
			// node on its line: a column from 0.
			col, _ := strconv.Atoi(m[3])
			e.Column = col + 1
		}
	}
	return e
}

// maxErrorMessage bounds an error message kept from Helm.
const maxErrorMessage = 400

// shortenError keeps the innermost part of a chain of include / tpl
// errors (which repeats every level of a recursion) and bounds its
// length.
func shortenError(msg string) string {
	for _, sep := range []string{"error calling include: ", "error calling tpl: "} {
		if i := strings.LastIndex(msg, sep); i >= 0 {
			inner := msg[i+len(sep):]
			if j := strings.Index(msg, ": executing "); j >= 0 && j < i {
				msg = msg[:j] + ": " + inner
			} else {
				msg = inner
			}
		}
	}
	if len(msg) > maxErrorMessage {
		cut := maxErrorMessage
		for cut > 0 && !utf8.RuneStart(msg[cut]) {
			cut--
		}
		msg = msg[:cut] + "…"
	}
	return msg
}

// logNotes turns Helm's log lines into notes; refused is set when one
// says the chart refused its values (required, fail).
func logNotes(logs string) (out []string, refused bool) {
	seen := map[string]bool{}
	for _, l := range logEntries(logs) {
		switch {
		case strings.HasPrefix(l, coalesceLog):
			// Helm merged the values its way and says how (a table
			// over a list, a list over a table); the rendering is what
			// Helm installs, so nothing is left unseen.
			continue
		case strings.HasPrefix(l, requiredLog):
			l, refused = "missing required value: "+strings.TrimPrefix(l, requiredLog), true
		case strings.HasPrefix(l, "[INFO] Fail: "):
			l, refused = "the chart calls fail: "+strings.TrimPrefix(l, "[INFO] Fail: "), true
		}
		if !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	return out, refused
}

// coalesceLog begins the lines chartutil's coalescing of values logs
// ("warning: destination for a.b is a table. Ignoring non-table value").
const coalesceLog = "warning: "

// logEntries splits Helm's log into its entries, each one line: an entry
// begins with its level ("[INFO] …", "[WARNING] …") or is a coalescing
// warning (coalesceLog), and the lines of a multi-line message (a fail
// message built with "\n") that follow it are joined to it, in order.
func logEntries(logs string) []string {
	var out []string
	for _, l := range strings.Split(logs, "\n") {
		l = strings.TrimSpace(l)
		switch {
		case l == "":
		case strings.HasPrefix(l, "[") || strings.HasPrefix(l, coalesceLog) || len(out) == 0:
			out = append(out, l)
		default:
			out[len(out)-1] = strings.TrimSpace(out[len(out)-1] + " " + l)
		}
	}
	return out
}

// helmDocuments writes the document separators of a rendered template as
// Helm reads them when it installs the rendering: releaseutil's
// SplitManifests splits at every line that starts with "---" (its
// pattern is `(?:^|\s*\n)---\s*`), and what follows the dashes on that
// line starts the next document. YAML takes "---" for a separator only
// when a space, a tab or the line's end follows it: "---# note", which
// `---` and `{{- if … -}}` on the next line render (cert-manager's
// rbac.yaml), is a plain scalar to YAML, and its document fails to parse.
// Such a line is written as "---" and, on a line of its own, the rest, so
// the documents YAML reads are those Helm installs. The position map
// finds template lines by their text: the line added moves none.
func helmDocuments(content string) string {
	if !strings.HasPrefix(content, "---") && !strings.Contains(content, "\n---") {
		return content
	}
	var b strings.Builder
	written, pos := 0, 0 // content[:written] is in b; the line starts at pos
	for line := range strings.Lines(content) {
		rest, ok := strings.CutPrefix(line, "---")
		if ok && rest != "" && !strings.ContainsRune(" \t\r\n", rune(rest[0])) {
			b.WriteString(content[written:pos])
			b.WriteString("---\n")
			b.WriteString(rest)
			written = pos + len(line)
		}
		pos += len(line)
	}
	if written == 0 {
		return content
	}
	b.WriteString(content[written:])
	return b.String()
}
