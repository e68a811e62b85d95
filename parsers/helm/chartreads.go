package helm

import (
	"fmt"
	"net/url"
	"path"
	"regexp"
	"strings"

	"github.com/Masterminds/semver/v3"

	"github.com/faultline-dev/faultline/lint"
)

// localReads analyses a chart in the tree once, from its files with
// their contents: what its templates read of its values (nil when
// unknown: a template that does not parse, or an include of a define no
// file holds; why is the string).
func localReads(cd *chartData, files []File) (*lint.ChartReads, string) {
	templates := map[string]string{}
	for _, f := range files {
		if isTemplateFile(f.Name) {
			templates[f.Name] = string(f.Data)
		}
	}
	addArchivedTemplates(templates, files, maxChartSize)
	tr, err := AnalyzeTemplates(templates)
	switch {
	case err != nil:
		return nil, fmt.Sprintf("the values chart %s reads are unknown: %v", cd.rel, err)
	case len(tr.Missing) > 0:
		return nil, fmt.Sprintf("the values chart %s reads are unknown: it includes %s, which no template file in the tree defines", cd.rel, strings.Join(tr.Missing, ", "))
	}
	label := cd.name
	if cd.version != "" {
		label += " " + cd.version
	}
	names, conditions := subchartNames(files)
	return &lint.ChartReads{
		Chart:       strings.TrimSpace(label),
		Source:      "the templates of chart " + cd.rel,
		Reads:       append(tr.Reads, conditions...),
		Passed:      append(names, "global"),
		Tpl:         tr.TplPaths,
		Untemplated: untemplated(templates, files),
	}, ""
}

// untemplated is a YAML file at the root of a chart that has no template
// file, which reads .Values as a template would ("" when the chart has
// templates, or no such file): Helm renders only templates/.
func untemplated(templates map[string]string, files []File) string {
	if len(templates) > 0 {
		return ""
	}
	for _, f := range files {
		if strings.Contains(f.Name, "/") || f.Name == "values.yaml" || f.Name == "Chart.yaml" || !(strings.HasSuffix(f.Name, ".yaml") || strings.HasSuffix(f.Name, ".yml")) {
			continue
		}
		if tr, err := AnalyzeTemplates(map[string]string{"templates/" + f.Name: string(f.Data)}); err == nil && len(tr.Reads) > 0 {
			return f.Name
		}
	}
	return ""
}

// subchartNames are the keys a chart hands to its subcharts: dependency
// names and aliases in Chart.yaml (requirements.yaml for apiVersion v1),
// "tags" when a dependency has tags, and the charts under charts/ (a
// directory's Chart.yaml name, an archive's name before its version); and
// the dependency conditions, values Helm itself reads.
func subchartNames(files []File) (out []string, conditions []lint.ValueRead) {
	byName := make(map[string][]byte, 2)
	for _, f := range files {
		if f.Name == "Chart.yaml" || f.Name == "requirements.yaml" {
			byName[f.Name] = f.Data
		}
	}
	for _, f := range []string{"Chart.yaml", "requirements.yaml"} {
		meta, err := chartMetadata(byName[f])
		if err != nil {
			continue
		}
		for _, d := range meta.Dependencies {
			if d == nil {
				continue
			}
			out = append(out, d.Name)
			if d.Alias != "" {
				out = append(out, d.Alias)
			}
			if len(d.Tags) > 0 {
				out = append(out, "tags")
			}
			for _, c := range strings.Split(d.Condition, ",") {
				if c = strings.TrimSpace(c); c != "" {
					conditions = append(conditions, lint.ValueRead{Path: strings.Split(c, ".")})
				}
			}
		}
	}
	for _, f := range files {
		rest, ok := strings.CutPrefix(f.Name, "charts/")
		if !ok {
			continue
		}
		dir, file, nested := strings.Cut(rest, "/")
		switch {
		case nested && file == "Chart.yaml":
			out = append(out, dir)
			if meta, err := chartMetadata(f.Data); err == nil && meta.Name != "" {
				out = append(out, meta.Name)
			}
		case !nested && strings.HasSuffix(rest, ".tgz"):
			out = append(out, archiveChartName(strings.TrimSuffix(rest, ".tgz")))
		}
	}
	return out, conditions
}

var archiveVersion = regexp.MustCompile(`-v?[0-9]+\.[0-9]+\.[0-9]+.*$`)

// archiveChartName is "redis" for "redis-17.3.2".
func archiveChartName(base string) string {
	return archiveVersion.ReplaceAllString(path.Base(base), "")
}

// remoteReads is what a remote chart a release installs reads: a chart
// with a generated table (Karpenter, cluster-autoscaler), by version
// (every version a constraint allows: a key counts as read when any of
// them reads it); nil for other charts, no version, a version the table
// does not hold, or a repository that is not the chart's.
func remoteReads(r *lint.Release) (*lint.ChartReads, string) {
	t := keysTables[r.ChartName()]
	if t == nil || !t.publishes(r) {
		return nil, ""
	}
	version := karpenterChartVersion(r, nil)
	entries, ok := t.lookup(version)
	if !ok {
		if version == "" && r.VersionUnknown && r.Tool == "helmfile" {
			return nil, fmt.Sprintf("the %s chart's version is a template helmfile fills in when it renders the file: which values it reads is unknown", t.title)
		}
		if version == "" && r.VersionUnknown {
			return nil, fmt.Sprintf("the %s chart's version is not known statically (give the values it is built from: --var, --var-file): which values it reads is unknown", t.title)
		}
		if version == "" {
			return nil, fmt.Sprintf("the %s chart's version is not written: which values it reads is unknown", t.title)
		}
		if _, err := semver.StrictNewVersion(strings.TrimPrefix(strings.TrimSpace(version), "v")); err != nil {
			// A constraint: Helm installs the newest version it allows,
			// which may be one the table does not hold.
			return nil, fmt.Sprintf("%s chart version constraint %s allows versions outside faultline's table (%s to %s): which values it reads is unknown", t.title, version, t.first(), t.last())
		}
		return nil, fmt.Sprintf("%s chart version %s is not in faultline's table (%s to %s): which values it reads is unknown", t.title, version, t.first(), t.last())
	}
	cr := &lint.ChartReads{Chart: r.ChartName() + " " + strings.TrimPrefix(version, "v"), Source: t.source, Passed: []string{"global"}}
	for _, e := range entries {
		for _, s := range e.reads {
			cr.Reads = append(cr.Reads, ParseRead(s))
		}
		for _, s := range e.tpl {
			cr.Tpl = append(cr.Tpl, ParseRead(s).Path)
		}
	}
	return cr, ""
}

// attachReads sets what a release's chart reads of its values, or why
// that is unknown.
func attachReads(r *lint.Release, cr *lint.ChartReads, why string) {
	r.Reads, r.ReadsUnknown = withTemplates(cr, r), why
	if cr != nil && r.Reads == nil {
		r.ReadsUnknown = fmt.Sprintf("%s renders values with tpl and this release's values hold template text there: any key may be read", cr.Chart)
	}
}

// publishes reports whether a release's repository may be where the
// table's chart is published: unwritten, a name (helmfile, Flux source,
// a repository alias: no URL with a host), or a URL whose host and path
// are one of the chart's addresses (an OCI chart's own reference).
func (t *keysTable) publishes(r *lint.Release) bool {
	repo := r.Repository
	if strings.HasPrefix(strings.ToLower(r.Chart), "oci://") {
		repo = r.Chart
	}
	u, err := url.Parse(strings.TrimSpace(repo))
	if repo == "" || err != nil || u.Host == "" {
		return true
	}
	for _, known := range t.hosts {
		host, dir, _ := strings.Cut(known, "/")
		path := strings.TrimSuffix(u.Path, "/")
		if strings.EqualFold(u.Hostname(), host) && (dir == "" || path == "/"+dir || strings.HasPrefix(path, "/"+dir+"/")) {
			return true
		}
	}
	return false
}

// withTemplates drops reads a release's own values make unknown: text
// the chart renders with tpl that holds template text may read any key.
// An unknown value (a Terraform value known only after apply) is a hole,
// not template text: it keeps the reads.
func withTemplates(cr *lint.ChartReads, r *lint.Release) *lint.ChartReads {
	if cr == nil || r == nil {
		return cr
	}
	for _, p := range cr.Tpl {
		if templatedAt(r.Values, p) {
			return nil
		}
	}
	return cr
}

// templatedAt reports whether a value at a path ("*" any key or index)
// holds template text.
func templatedAt(v any, p []string) bool {
	if len(p) == 0 {
		return holdsTemplate(v)
	}
	switch x := v.(type) {
	case map[string]any:
		if p[0] == "*" {
			for _, e := range x {
				if templatedAt(e, p[1:]) {
					return true
				}
			}
			return false
		}
		e, ok := x[p[0]]
		return ok && templatedAt(e, p[1:])
	case []any:
		for _, e := range x {
			if templatedAt(e, p[1:]) {
				return true
			}
		}
	}
	return false
}

// holdsTemplate reports whether a value (or anything in it, a map's keys
// too) is text with
// "{{", the only thing tpl reads as a template. A hole's sentinel is not:
// the value it stands for comes from Terraform state, not from a template
// the user wrote.
func holdsTemplate(v any) bool {
	switch x := v.(type) {
	case string:
		return strings.Contains(x, "{{")
	case map[string]any:
		for k, e := range x {
			if strings.Contains(k, "{{") || holdsTemplate(e) {
				return true
			}
		}
	case []any:
		for _, e := range x {
			if holdsTemplate(e) {
				return true
			}
		}
	}
	return false
}

// addArchivedTemplates adds the template files of the subcharts packed
// under charts/ (a library chart such as Bitnami's common, as `helm
// dependency update` leaves it), and of those packed in them, under the
// directory name the archive's own would have ("charts/common-2.0.0.tgz"
// → "charts/common-2.0.0/templates/_names.tpl"): the defines the chart
// includes from them are then found, as Helm's engine finds them. An
// archive that cannot be read adds nothing (its defines stay missing);
// budget bounds what all of them unpack to together.
func addArchivedTemplates(templates map[string]string, files []File, budget int) int {
	for _, f := range files {
		dir, ok := packedSubchart(f.Name)
		if !ok || len(f.Data) > budget {
			continue
		}
		inner, err := unpackArchive(f.Data)
		if err != nil {
			continue
		}
		for _, g := range inner {
			budget -= len(g.Data)
		}
		if budget < 0 {
			return budget
		}
		for _, g := range inner {
			if isTemplateFile(g.Name) {
				templates[dir+g.Name] = string(g.Data)
			}
		}
		nested := make([]File, 0, len(inner))
		for _, g := range inner {
			nested = append(nested, File{Name: dir + g.Name, Data: g.Data})
		}
		if budget = addArchivedTemplates(templates, nested, budget); budget < 0 {
			return budget
		}
	}
	return budget
}

// packedSubchart reports whether a chart path is a packed subchart
// (charts/NAME.tgz, at any depth of subcharts), and the directory its
// files are named under.
func packedSubchart(name string) (string, bool) {
	dir, base := path.Split(name)
	under := dir == "charts/" || strings.HasPrefix(dir, "charts/") && strings.HasSuffix(dir, "/charts/")
	if !under || !strings.HasSuffix(base, ".tgz") || len(base) == len(".tgz") {
		return "", false
	}
	return dir + strings.TrimSuffix(base, ".tgz") + "/", true
}
