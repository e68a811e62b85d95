package helm

import (
	"fmt"
	"github.com/faultline-dev/faultline/internal/treefs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/template"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// helmfile reads the releases of one helmfile document: name, namespace,
// chart (a local path relative to the helmfile, or repo/name), version,
// values (files relative to the helmfile, or inline maps) and set, in
// helmfile's order. Releases marked `installed: false` are left out.
func (b *builder) helmfile(yf *yamlFile, doc int, top *yaml.Node) {
	repos := map[string]string{}
	for _, rp := range items(at(top, "repositories")) {
		repos[str(at(rp, "name"))] = str(at(rp, "url"))
	}
	dir := filepath.Dir(yf.abs)
	env, envKnown := helmfileEnvironment(yf)
	// helmfile runs `helm dependency build` on a local chart before it
	// renders, unless skipDeps says not to (helmDefaults or the release).
	skipDeps := str(at(top, "helmDefaults", "skipDeps")) == "true"
	for i, rn := range items(at(top, "releases")) {
		if rn == nil || rn.Kind != yaml.MappingNode || str(at(rn, "installed")) == "false" {
			continue
		}
		name := str(at(rn, "name"))
		_, nameNode := get(rn, "name")
		addr := yf.rel + "#" + strconv.Itoa(doc) + "/releases" + idx(i)
		decl := yf.rangeOf(rn)
		if nr := yf.rangeOf(nameNode); nameNode != nil && nr.Line == decl.Line {
			decl.EndColumn = nr.EndColumn
		}
		r := b.newRelease(yf, addr, "helmfile release "+name, decl, name, yf.rangeOf(nameNode), lint.SourceHelm, "helmfile")
		if !skipDeps && str(at(rn, "skipDeps")) != "true" {
			r.Dependencies = lint.DependenciesAlwaysBuilt
		}
		setNamespace(r, str(at(rn, "namespace")))
		if n := at(rn, "namespace"); n != nil {
			r.NamespaceRange = yf.rangeOf(n)
		}
		r.Chart, r.Version = str(at(rn, "chart")), str(at(rn, "version"))
		if v := at(rn, "version"); v != nil && (v.Kind != yaml.ScalarNode || strings.Contains(r.Version, "{{")) {
			// {{ .Values.x }} written bare is a YAML mapping, quoted a
			// template: helmfile fills it in when it renders the file.
			r.Version, r.VersionUnknown = "", true
		}
		if c, ok := releaseTemplate(r.Chart, name, str(at(rn, "namespace")), env, envKnown); ok {
			r.Chart = c
		}
		chartRange := yf.rangeOf(at(rn, "chart"))
		switch abs, exists, outside := b.localChart(r.Chart, dir); {
		case strings.Contains(r.Chart, "{{"):
			// helmfile renders the file as a Go template first: the chart
			// is named when it runs (the release's note says so).
		case abs != "":
			r.ChartDir = abs
		case isLocalPath(r.Chart):
			switch {
			case outside:
				b.note(lint.Unresolved, chartRange, fmt.Sprintf("%s: chart %s is outside the scanned tree; not rendered ("+treefs.RootHint+")", r.Label, r.Chart))
			case !exists:
				b.diag(chartRange, "chart not found", fmt.Sprintf("%s names chart %s, which does not exist", r.Label, r.Chart))
			default:
				b.diag(chartRange, "not a chart", fmt.Sprintf("%s names chart %s, which has no Chart.yaml", r.Label, r.Chart))
			}
		default:
			// "<repository name>/<chart>": the chart of the repository's
			// url (an OCI one's reference is oci://<url>/<chart>).
			if repo, name, ok := strings.Cut(r.Chart, "/"); ok {
				if url, known := repos[repo]; known {
					r.Repository, r.Chart = url, name
				}
			}
		}
		for _, v := range items(at(rn, "values")) {
			switch {
			case v == nil:
			case v.Kind == yaml.ScalarNode:
				file := v.Value
				if f, ok := releaseTemplate(file, name, str(at(rn, "namespace")), env, envKnown); ok {
					file = f
				}
				if strings.Contains(file, "{{") || strings.HasSuffix(file, ".gotmpl") && b.opts.Holes == nil || strings.Contains(file, "://") {
					b.valuesNotRead(r, yf.rangeOf(v), fmt.Sprintf("%s: values %s are templated or remote; not read", r.Label, v.Value), "values "+v.Value)
					continue
				}
				b.mergeFile(r, filepath.Join(dir, filepath.FromSlash(file)), yf.rangeOf(v), missingFilesOptional(rn))
			case v.Kind == yaml.MappingNode:
				if goTemplated(v, 0) && r.ValuesUnknown == "" {
					// Read, with each value a {{ }} expression fills in
					// kept as its template text: what the chart renders
					// from them is not what helmfile installs.
					r.ValuesUnknown = "values written with {{ }} template expressions, filled in when helmfile renders the file"
				}
				if err := mergeDoc(r, v, yf.rangeOf); err != nil {
					if goTemplated(v, 0) {
						// helmfile renders the file as a Go template first
						// (helmfile 0.x every helmfile.yaml, or the
						// helmfile Terraform provider's content):
						// `role: {{ .Values.x }}` is a flow mapping to YAML.
						b.valuesNotRead(r, yf.rangeOf(v), fmt.Sprintf("%s: values written with {{ }} template expressions, filled in when helmfile renders the file; not read", r.Label), "values written with {{ }} template expressions")
						continue
					}
					b.diag(yf.rangeOf(v), "invalid values", err.Error())
				}
			}
		}
		for _, key := range []string{"set", "setString"} {
			for _, s := range items(at(rn, key)) {
				vn := at(s, "value")
				if vn != nil && vn.Kind != yaml.ScalarNode && goTemplated(vn, 0) {
					// `value: {{ requiredEnv "X" }}` unquoted: a flow
					// mapping to YAML, text helmfile fills in first.
					b.valuesNotRead(r, yf.rangeOf(vn), fmt.Sprintf("%s: %s %s is a {{ }} template expression, filled in when helmfile renders the file; not read", r.Label, key, str(at(s, "name"))), key+" "+str(at(s, "name"))+" written with a {{ }} template expression")
					continue
				}
				var val any = str(vn)
				if key == "set" && vn != nil {
					if g, err := toGo(vn); err == nil {
						val = g
					}
				}
				rng := yf.rangeOf(vn)
				if vn == nil {
					rng = yf.rangeOf(s)
				}
				mergeSet(r, str(at(s, "name")), val, rng, yf.rangeOf(at(s, "name")))
			}
		}
		b.out = append(b.out, r)
	}
}

// missingFilesOptional reports whether a helmfile release lets a values
// file be missing: its missingFileHandler is Warn, Info or Debug (helmfile
// logs the file and goes on); Error, the default, fails.
func missingFilesOptional(rn *yaml.Node) bool {
	switch strings.ToLower(str(at(rn, "missingFileHandler"))) {
	case "warn", "info", "debug":
		return true
	}
	return false
}

// isLocalPath reports whether a chart reference is written as a path.
func isLocalPath(chart string) bool {
	return chart == "." || chart == ".." || strings.HasPrefix(chart, "./") || strings.HasPrefix(chart, "../") || strings.HasPrefix(chart, "/") || strings.HasSuffix(chart, ".tgz")
}

// goTemplated reports whether a YAML node holds what a Go template action
// written unquoted parses as ({{ .Values.x }} is a mapping whose key is a
// mapping), or a scalar with {{ in it.
func goTemplated(n *yaml.Node, depth int) bool {
	if n == nil || depth > 100 {
		return false
	}
	switch n.Kind {
	case yaml.ScalarNode:
		return strings.Contains(n.Value, "{{")
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Kind != yaml.ScalarNode {
				return true
			}
		}
	}
	for _, c := range n.Content {
		if goTemplated(c, depth+1) {
			return true
		}
	}
	return false
}

// helmfileEnvironment is the environment a helmfile is run in when that
// is known: the one its documents declare under environments, or
// helmfile's "default" when they declare none (helmfile refuses any other
// -e then). Not known when several are declared, when a name is not
// plain text (a template), or when the file takes bases, whose
// environments are not read.
func helmfileEnvironment(yf *yamlFile) (string, bool) {
	var names []string
	for _, doc := range yf.docs {
		top := body(doc)
		if at(top, "bases") != nil {
			return "", false
		}
		envs := at(top, "environments")
		if envs == nil {
			continue
		}
		if envs.Kind != yaml.MappingNode {
			return "", false
		}
		for i := 0; i+1 < len(envs.Content); i += 2 {
			k := envs.Content[i]
			if k.Kind != yaml.ScalarNode || k.Value == "" || strings.Contains(k.Value, "{{") {
				return "", false
			}
			if !slices.Contains(names, k.Value) {
				names = append(names, k.Value)
			}
		}
	}
	switch len(names) {
	case 0:
		return "default", true
	case 1:
		return names[0], true
	}
	return "", false
}

// releaseTemplate renders a release field written with helmfile's release
// template (chart: ./{{`{{ .Release.Name }}`}}) as helmfile does: the
// file's own Go template pass first, which knows .Environment.Name when
// the environment is known (envKnown: helmfileEnvironment), then the
// release's, which knows .Release.Name and .Release.Namespace. False when
// the text holds no template or one that reads anything else (environment
// values, state values, functions): those are not known here.
func releaseTemplate(text, name, namespace, env string, envKnown bool) (string, bool) {
	if !strings.Contains(text, "{{") {
		return "", false
	}
	pass := func(in string, data any) (string, bool) {
		t, err := template.New("release").Option("missingkey=error").Parse(in)
		if err != nil {
			return "", false
		}
		var out strings.Builder
		if err := t.Execute(&out, data); err != nil {
			return "", false
		}
		return out.String(), true
	}
	file := map[string]any{}
	if envKnown {
		file["Environment"] = map[string]any{"Name": env}
	}
	first, ok := pass(text, file)
	if !ok {
		return "", false
	}
	release := map[string]any{"Release": map[string]any{"Name": name, "Namespace": namespace}}
	second, ok := pass(first, release)
	if !ok || strings.Contains(second, "{{") {
		return "", false
	}
	return second, true
}
