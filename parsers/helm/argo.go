package helm

import (
	"fmt"
	"github.com/faultline-dev/faultline/internal/templatetext"
	"github.com/faultline-dev/faultline/internal/treefs"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// argo reads an Argo CD Application's Helm sources (spec.source or
// spec.sources): a chart from a Helm repository (chart, repoURL,
// targetRevision) or a path in Git, which is a chart when it holds a
// Chart.yaml in the scanned tree. Values apply in Argo CD's order:
// helm.valueFiles (relative to the chart path; "$ref/…" relative to
// the ref source's repository; a repository written cnoe://<dir>, as
// idpbuilder reads it, is <dir> relative to the file), helm.valuesObject (or helm.values, a
// string), helm.parameters. The release is helm.releaseName or the
// Application's name, in spec.destination.namespace.
// argoSources are the sources of an Argo CD Application spec: spec.sources
// when it lists any — Argo CD then ignores spec.source —, else
// spec.source.
func argoSources(spec *yaml.Node) []*yaml.Node {
	if sources := items(at(spec, "sources")); len(sources) > 0 {
		return sources
	}
	if s := at(spec, "source"); s != nil {
		return []*yaml.Node{s}
	}
	return nil
}

func (b *builder) argo(yf *yamlFile, doc int, top *yaml.Node) {
	name := str(at(top, "metadata", "name"))
	spec := at(top, "spec")
	sources := argoSources(spec)
	_, kindNode := get(top, "kind")
	bases := b.repoBases(yf.dir)
	// idpbuilder's cnoe://<dir> is a repository it makes of <dir>,
	// relative to the file that names it.
	basesOf := func(src *yaml.Node) []string {
		rest, ok := strings.CutPrefix(str(at(src, "repoURL")), "cnoe://")
		if !ok {
			return bases
		}
		return append([]string{filepath.Join(yf.dir, filepath.FromSlash(rest))}, bases...)
	}
	refBases := map[string][]string{}
	for _, s := range sources {
		if ref := str(at(s, "ref")); ref != "" {
			refBases[ref] = basesOf(s)
		}
	}
	for si, src := range sources {
		if what := kustomizeSettings(src); what != "" {
			b.note(lint.Skipped, yf.rangeOf(keyNode(src, "kustomize")), fmt.Sprintf("Argo CD Application %s: its kustomize settings (%s) are not applied; what it deploys is read as its path holds it", name, what))
		}
		helm := at(src, "helm")
		chart, p := str(at(src, "chart")), str(at(src, "path"))
		repoURL := str(at(src, "repoURL"))
		if c, repo, ok := ociChartSource(repoURL, chart, p, helm); ok {
			chart, repoURL = c, repo
		}
		if chart == "" && p == "" {
			continue
		}
		var chartDir string
		remote := chart != ""
		if !remote {
			abs, exists, outside := b.localChart(p, basesOf(src)...)
			switch {
			case abs != "":
				chartDir = abs
			case exists && !outside:
				continue // a directory of plain manifests or Kustomize
			case helm == nil:
				continue // elsewhere, and nothing says it is a chart
			default:
				remote = true
			}
		}
		rname := str(at(helm, "releaseName"))
		nameRange := yf.rangeOf(at(top, "metadata", "name"))
		if rname != "" {
			nameRange = yf.rangeOf(at(helm, "releaseName"))
		} else {
			rname = name
		}
		label := "Argo CD Application " + name
		addr := yf.rel + "#" + strconv.Itoa(doc) + "/Application/" + name + "/release"
		if len(sources) > 1 {
			label += " sources[" + strconv.Itoa(si) + "]"
			addr += idx(si)
		}
		env := newArgoEnv(top, src, label, b.opts.Holes)
		r := b.newRelease(yf, addr, label, yf.rangeOf(kindNode), rname, nameRange, yf.source, "argocd")
		if hasPlaceholder(rname) {
			r.Name = b.argoValue(env, rname)
		}
		b.argoNamespace(r, env, str(at(spec, "destination", "namespace")))
		if n := at(spec, "destination", "namespace"); n != nil {
			r.NamespaceRange = yf.rangeOf(n)
		}
		r.Repository, r.Version = b.shown(repoURL), b.shown(str(at(src, "targetRevision")))
		r.Chart, r.ChartDir = b.shown(chart), chartDir
		if chart == "" {
			r.Chart = b.shown(p)
		}
		if remote && chart == "" {
			// Argo CD renders what lies at the path (a chart by its
			// Chart.yaml, with or without this helm block): its
			// templates may deploy anything, in any namespace.
			r.Syncs = true
			b.note(lint.Unresolved, yf.rangeOf(at(src, "path")), fmt.Sprintf("%s: chart path %s is not in the scanned tree (another repository?); not rendered", label, p))
		}
		ignoreMissing := str(at(helm, "ignoreMissingValueFiles")) == "true"
		// The repository's root: where the path is found from.
		var root string
		for _, base := range basesOf(src) {
			if chartDir != "" && filepath.Join(base, filepath.FromSlash(p)) == chartDir {
				root = base
				break
			}
		}
		for _, vf := range items(at(helm, "valueFiles")) {
			b.argoValueFile(r, vf, chartDir, root, refBases, ignoreMissing, yf, env)
		}
		if vo := at(helm, "valuesObject"); vo != nil && deref(vo).Kind == yaml.ScalarNode && templatetext.HasString(deref(vo).Value) {
			// The whole object a templating step writes in (a file
			// rendered by templatefile or envsubst: `${values}`).
			b.valuesNotRead(r, yf.rangeOf(vo), label+": helm.valuesObject is "+strconv.Quote(deref(vo).Value)+", filled in by a templating step; not read", "helm.valuesObject, filled in by a templating step")
		} else if vo != nil {
			if err := mergeDocWith(r, vo, yf.rangeOf, env.pipeline); err != nil {
				b.diag(yf.rangeOf(vo), "invalid values", err.Error())
			}
			r.ValuesPassedOn = passedOn(yf, vo)
		} else if v := at(helm, "values"); v != nil && v.Kind == yaml.ScalarNode {
			b.mergeTextWith(r, yf, v, label+" helm.values", env.pipelineYAML)
			r.ValuesPassedOn = passedOn(yf, v)
		} else if v != nil && v.Kind == yaml.MappingNode {
			if err := mergeDocWith(r, v, yf.rangeOf, env.pipeline); err != nil {
				b.diag(yf.rangeOf(v), "invalid values", err.Error())
			}
			r.ValuesPassedOn = passedOn(yf, v)
		}
		for _, prm := range items(at(helm, "parameters")) {
			vn := at(prm, "value")
			text := env.expand(str(vn))
			var val any = text
			if str(at(prm, "forceString")) != "true" {
				val = setValue(text)
			}
			rng := yf.rangeOf(vn)
			if vn == nil {
				rng = yf.rangeOf(prm)
			}
			mergeSet(r, str(at(prm, "name")), val, rng, yf.rangeOf(at(prm, "name")))
		}
		if n := env.note(yf.rangeOf(kindNode)); n != nil {
			b.notes = append(b.notes, *n)
		}
		b.out = append(b.out, r)
	}
}

// passedOn are the top-level keys of an Application's inline values (a
// mapping, or YAML text in scalar v) that the chart whose rendering
// produced yf passed on from its own values (passedOnKeys); nil for a
// file as written.
func passedOn(yf *yamlFile, v *yaml.Node) map[string]bool {
	if yf.renderingValues == nil {
		return nil
	}
	doc := v
	if v.Kind == yaml.ScalarNode {
		docs, err := parseYAML([]byte(v.Value))
		if err != nil || len(docs) != 1 {
			return nil
		}
		doc = body(docs[0])
	}
	if doc == nil || doc.Kind != yaml.MappingNode {
		return nil
	}
	g, err := toGo(doc)
	m, ok := g.(map[string]any)
	if err != nil || !ok {
		return nil
	}
	keys := passedOnKeys(m, yf.renderingValues())
	if len(keys) == 0 {
		return nil
	}
	out := make(map[string]bool, len(keys))
	for _, k := range keys {
		out[k] = true
	}
	return out
}

// ociChartSource reads Argo CD's native OCI source (Argo CD 3.1 and
// later: repoURL oci://<registry>/<repository>, targetRevision the tag,
// path "." for a Helm chart) with Helm settings as a release of the chart
// the repository's last segment names, from the repository above it, as
// the classic form (repoURL <registry>/<dir>, chart <name>) writes it.
func ociChartSource(repoURL, chart, p string, helm *yaml.Node) (name, repo string, ok bool) {
	rest, isOCI := strings.CutPrefix(repoURL, "oci://")
	if !isOCI || chart != "" || helm == nil || p != "" && p != "." || strings.Contains(rest, "{{") {
		return "", "", false
	}
	rest = strings.TrimSuffix(rest, "/")
	i := strings.LastIndex(rest, "/")
	if i <= 0 || i == len(rest)-1 {
		return "", "", false
	}
	return rest[i+1:], rest[:i], true
}

// argoNamespace sets the release namespace from the destination
// namespace: a placeholder in it is a hole.
func (b *builder) argoNamespace(r *lint.Release, env *argoEnv, ns string) {
	if !hasPlaceholder(ns) {
		setNamespace(r, ns)
		return
	}
	r.Namespace = b.argoValue(env, ns)
}

// argoValue is text with placeholders a pipeline fills (see argoenv.go):
// a value with holes, unknown when template text is left or the run
// decodes no holes.
func (b *builder) argoValue(env *argoEnv, text string) lint.Value {
	t := env.pipeline(text)
	if b.opts.Holes == nil || strings.Contains(t, "{{") {
		return lint.Unknown()
	}
	return b.opts.Holes.Decode(t)
}

// argoValueFile merges one helm.valueFiles entry, its path substituted as
// Argo CD does (see argoenv.go): after the ref source for "$ref/…", from
// the repository's root (root, "" when not known) for a path written
// from "/", else from the chart's directory.
func (b *builder) argoValueFile(r *lint.Release, vf *yaml.Node, chartDir, root string, refBases map[string][]string, optional bool, yf *yamlFile, env *argoEnv) {
	v := str(vf)
	if name, rest, ok := strings.Cut(strings.TrimPrefix(v, "$"), "/"); strings.HasPrefix(v, "$") && ok && (argoName.MatchString(name) || isRef(refBases, name)) {
		// "$ref/…": another source's path (an unknown ref is reported
		// below), substituted after it is resolved. Argo CD takes the
		// whole first segment as the ref's name ("$cfg-repo/…").
		v = "$" + name + "/" + env.expand(rest)
	} else {
		v = env.expand(v)
	}
	if lint.HasSentinel(v) || hasPlaceholder(v) || templatetext.HasString(v) {
		b.valuesNotRead(r, yf.rangeOf(vf), fmt.Sprintf("%s: values file %s names a value known only when Argo CD syncs or a placeholder a pipeline fills; not read", r.Label, str(vf)), "values file "+str(vf))
		return
	}
	ref := yf.rangeOf(vf)
	switch {
	case v == "":
		return
	case (len(yf.inferred) > 0 || yf.valuesUnknown != "") && !strings.Contains(v, "://") && strings.Contains(strings.TrimPrefix(v, "/"), "//"):
		// Rendered from values not all known (a chart nothing installs,
		// with its defaults; a release whose values files were not
		// read), one of which left a path segment empty: the path its
		// installer gives is not known.
		why := yf.valuesUnknown
		if len(yf.inferred) > 0 {
			why = yf.inferred[0]
		} else {
			why = "rendered without " + why
		}
		b.valuesNotRead(r, ref, fmt.Sprintf("%s: values file %s has an empty path segment, from a value the rendering that made it leaves empty (%s); not read", r.Label, v, why), "values file "+v)
	case helmSecretsFile(v):
		b.valuesNotRead(r, ref, fmt.Sprintf("%s: values file %s is a helm-secrets one (SOPS-encrypted, decrypted by the plugin when Argo CD renders); not read", r.Label, v), "helm-secrets values file "+v)
	case strings.Contains(v, "://"):
		b.valuesNotRead(r, ref, fmt.Sprintf("%s: remote values file %s not read", r.Label, v), "remote values file "+v)
	case strings.HasPrefix(v, "$"):
		name, rest, _ := strings.Cut(strings.TrimPrefix(v, "$"), "/")
		bases, ok := refBases[name]
		if !ok {
			b.diag(ref, "values file not found", fmt.Sprintf("%s: %s names source ref %q, which no source declares", r.Label, v, name))
			return
		}
		for _, base := range bases {
			abs := filepath.Join(base, filepath.FromSlash(rest))
			if isFile(abs) {
				b.mergeFile(r, abs, ref, optional)
				return
			}
		}
		b.valuesNotRead(r, ref, fmt.Sprintf("%s: values file %s is not in the scanned tree (another repository?); not read", r.Label, v), "values file "+v)
	case chartDir == "":
		b.valuesNotRead(r, ref, fmt.Sprintf("%s: values file %s belongs to a chart outside the scanned tree; not read ("+treefs.RootHint+")", r.Label, v), "values file "+v)
	case strings.HasPrefix(v, "/") && root != "":
		// Argo CD's ResolveValueFilePathOrUrl: an absolute path is
		// relative to the repository's root.
		b.mergeFile(r, filepath.Join(root, filepath.FromSlash(v)), ref, optional)
	case filepath.Join(chartDir, filepath.FromSlash(v)) == filepath.Join(chartDir, "values.yaml"):
		// The chart's own defaults: Helm applies them anyway, and they are
		// not values the release sets.
		return
	case len(yf.inferred) > 0 && !optional && !isFile(filepath.Join(chartDir, filepath.FromSlash(v))):
		// Rendered with the defaults of a chart nothing installs, whose
		// values may be what names the file (values-{{ .Values.env }}.yaml
		// with env left empty until install): the file its installer
		// names is not known.
		b.valuesNotRead(r, ref, fmt.Sprintf("%s: values file %s does not exist as rendered (%s): the file its installer names may be another; not read", r.Label, v, yf.inferred[0]), "values file "+v)
	default:
		b.mergeFile(r, filepath.Join(chartDir, filepath.FromSlash(v)), ref, optional)
	}
}

// applicationSet notes an Argo CD ApplicationSet whose template installs
// a chart: the Applications its generators make are not followed, so
// what they install is not rendered with the values they give it (a chart
// of the tree renders with its defaults, inferred). A template that
// deploys plain manifests from paths is not noted: its paths place them.
// A source installs a chart when it names one, has Helm settings, or its
// path is a chart of the tree.
func (b *builder) applicationSet(yf *yamlFile, top *yaml.Node) {
	spec := at(top, "spec", "template", "spec")
	sources := argoSources(spec)
	var charts []string
	installs := false
	// named adds a chart's name or path to the note unless the template
	// fills it in per Application ({{ }} in Argo CD's templates).
	named := func(c string) {
		if !strings.Contains(c, "{{") {
			charts = append(charts, c)
		}
	}
	for _, src := range sources {
		chart, p := str(at(src, "chart")), str(at(src, "path"))
		switch {
		case chart != "":
			installs = true
			named(chart)
		case at(src, "helm") != nil:
			installs = true
			if p != "" {
				named(p)
			}
		case p != "":
			if abs, _, _ := b.localChart(p, b.repoBases(yf.dir)...); abs != "" {
				installs = true
				named(p)
			}
		}
	}
	if !installs {
		return
	}
	what := fmt.Sprintf("Argo CD ApplicationSet %s: the Applications it generates are not followed; the charts they install", str(at(top, "metadata", "name")))
	if len(charts) > 0 {
		what += " (" + strings.Join(charts, ", ") + ")"
	}
	_, kindNode := get(top, "kind")
	b.note(lint.Skipped, yf.rangeOf(kindNode), what+" are not rendered with their values")
}

// isRef reports whether name is a ref some source of the Application
// declares.
func isRef(refBases map[string][]string, name string) bool {
	_, ok := refBases[name]
	return ok
}

// kustomizeSettings names the settings of an Argo CD source's kustomize
// block that change what the build deploys (Argo CD runs kustomize edit
// with them before it builds), "" when none: faultline builds the path
// as the tree holds it.
func kustomizeSettings(src *yaml.Node) string {
	k := at(src, "kustomize")
	var out []string
	for _, key := range []string{"namePrefix", "nameSuffix", "namespace", "patches", "components", "replicas", "commonLabels", "commonAnnotations"} {
		if at(k, key) != nil {
			out = append(out, key)
		}
	}
	return strings.Join(out, ", ")
}

// keyNode is the key node of entry key of mapping n, or n itself when
// there is none.
func keyNode(n *yaml.Node, key string) *yaml.Node {
	if k, _ := get(n, key); k != nil {
		return k
	}
	return n
}

// helmSecretsFile reports whether a value file is named with one of the
// helm-secrets plugin's schemes (secrets://, secrets+age-import://, …):
// a file of the repository the plugin decrypts, not a remote one.
func helmSecretsFile(v string) bool {
	// The scheme alone: what follows it need not be a URL
	// (secrets+literal://vault:path/to/secret#key).
	scheme, _, ok := strings.Cut(v, "://")
	if !ok {
		return false
	}
	if u, err := url.Parse(scheme + "://x"); err != nil || u.Scheme == "" {
		return false
	}
	scheme = strings.ToLower(scheme)
	return scheme == "secrets" || strings.HasPrefix(scheme, "secrets+")
}
