package kustomize

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
)

// HelmRenderer renders a kustomize helmCharts entry through faultline's Helm
// path (injected by the engine). It returns the rendered multi-document
// YAML. An error wrapping ErrChartUnavailable (a chart that is neither
// vendored nor in the scanned tree) becomes a coverage note; any other
// error is an input diagnostic (FL000).
type HelmRenderer func(chart HelmChart) ([]byte, error)

// ErrChartUnavailable is wrapped by a HelmRenderer that cannot render a
// chart because it is not available offline.
var ErrChartUnavailable = errors.New("chart not available offline")

// HelmChart is a kustomize helmCharts entry (or a legacy
// helmChartInflationGenerator entry, or a HelmChartInflationGenerator
// generator config). Paths are absolute.
type HelmChart struct {
	Name, Repo, Version, ReleaseName, Namespace string
	ValuesInline                                map[string]any
	// ValuesFile is the values file, absolute ("" when none).
	ValuesFile string
	// AdditionalValuesFiles are further values files, absolute.
	AdditionalValuesFiles []string
	// ValuesMerge is how ValuesInline combines with the chart's values:
	// "override" (default), "merge" or "replace".
	ValuesMerge string
	IncludeCRDs bool
	// ChartHome is the local charts directory, absolute (kustomize looks
	// for ChartHome/Name, default "charts" beside the kustomization).
	ChartHome string
	// KubeVersion and APIVersions are the capabilities to render with,
	// when the kustomization sets them.
	KubeVersion string
	APIVersions []string
}

// helmEntry is one chart entry in a kustomization file.
type helmEntry struct {
	node   *yaml.Node // the entry mapping
	legacy bool       // a helmChartInflationGenerator entry
}

// helmEntries lists the chart entries of a kustomization.
func helmEntries(k *kustomization) []helmEntry {
	var out []helmEntry
	for _, f := range []string{"helmCharts", "helmChartInflationGenerator"} {
		seq := get(k.top, f)
		if seq == nil || seq.Kind != yaml.SequenceNode {
			continue
		}
		for _, it := range seq.Content {
			if it.Kind == yaml.MappingNode {
				out = append(out, helmEntry{node: it, legacy: f == "helmChartInflationGenerator"})
			}
		}
	}
	return out
}

// strs returns the scalars of a sequence.
func strs(n *yaml.Node) []string {
	if n == nil || n.Kind != yaml.SequenceNode {
		return nil
	}
	var out []string
	for _, it := range n.Content {
		if s := str(it); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// chartFrom reads a chart entry (or a HelmChartInflationGenerator config)
// as written: paths are still relative to the kustomization directory.
func chartFrom(e *yaml.Node, legacy bool) (HelmChart, []string) {
	c := HelmChart{}
	var values []string
	if legacy {
		c.Name = str(get(e, "chartName"))
		c.Version = str(get(e, "chartVersion"))
		c.Repo = str(get(e, "chartRepoUrl"))
		c.ChartHome = str(get(e, "chartHome"))
		c.ReleaseName = str(get(e, "releaseName"))
		c.Namespace = str(get(e, "releaseNamespace"))
		c.ValuesMerge = str(get(e, "valuesMerge"))
		c.ValuesInline = mapOf(get(e, "valuesLocal"))
		if v := str(get(e, "values")); v != "" {
			values = append(values, v)
		}
	} else {
		c.Name = str(get(e, "name"))
		c.Version = str(get(e, "version"))
		c.Repo = str(get(e, "repo"))
		c.ChartHome = str(get(e, "chartHome"))
		c.ReleaseName = str(get(e, "releaseName"))
		c.Namespace = str(get(e, "namespace"))
		c.ValuesMerge = str(get(e, "valuesMerge"))
		c.ValuesInline = mapOf(get(e, "valuesInline"))
		c.IncludeCRDs, _ = strconv.ParseBool(str(get(e, "includeCRDs")))
		c.KubeVersion = str(get(e, "kubeVersion"))
		c.APIVersions = strs(get(e, "apiVersions"))
		if v := str(get(e, "valuesFile")); v != "" {
			values = append(values, v)
		}
		values = append(values, strs(get(e, "additionalValuesFiles"))...)
	}
	if c.ReleaseName == "" {
		c.ReleaseName = "release-name" // kustomize's default
	}
	return c, values
}

// mapOf decodes a mapping node into a map, or nil.
func mapOf(n *yaml.Node) map[string]any {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	var m map[string]any
	if err := n.Decode(&m); err != nil {
		return nil
	}
	return m
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// helmFileName is the in-memory resource file a chart's output goes to.
func helmFileName(i int, name string) string {
	return fmt.Sprintf(".faultline-helm-%d-%s.yaml", i, unsafeName.ReplaceAllString(name, "-"))
}

// renderChart runs the renderer, turning a panic into an error.
func renderChart(h HelmRenderer, c HelmChart) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("helm renderer panicked: %v", r)
		}
	}()
	return h(c)
}

// absUnder resolves p relative to dir.
func absUnder(dir, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(dir, filepath.FromSlash(p))
}

// memoHelm remembers what h rendered for each chart, so that a render that
// runs again (see marker) does not run a chart twice; nil stays nil.
func memoHelm(h HelmRenderer) HelmRenderer {
	if h == nil {
		return nil
	}
	type result struct {
		out []byte
		err error
	}
	seen := map[string]result{}
	return func(c HelmChart) ([]byte, error) {
		key, err := json.Marshal(c)
		if err != nil {
			return h(c)
		}
		if r, ok := seen[string(key)]; ok {
			return r.out, r.err
		}
		out, err := h(c)
		seen[string(key)] = result{out, err}
		return out, err
	}
}

// RemoteChart is a helmCharts (or helmChartInflationGenerator) entry of a
// chart repository that a build could not inflate offline: where it is
// written and the namespace the build gives its objects.
type RemoteChart struct {
	// File is the kustomization file holding the entry (or the generator
	// file configuring it), relative to the built root's directory, with
	// forward slashes; Dir is the kustomization's directory, which its
	// values files are relative to, written the same way.
	File, Dir string
	// Field is "helmCharts" or "helmChartInflationGenerator", and Index
	// the entry's position in that list; "" for a generator file, whose
	// document Index configures the chart (a HelmChartInflationGenerator).
	Field string
	Index int
	// Namespace is the namespace the build gives the chart's objects:
	// the entry's, else its kustomization's, as the namespace of every
	// overlay above it overrides it ("" when none sets one).
	Namespace string
}

// remoteAPIVersion and remoteKind mark the stand-in object a build
// carries for a remote chart it cannot inflate: kustomize's namespace
// transformers reach it as they reach the chart's objects, and the output
// drops it (remoteAnnotation says which chart it stands for).
const (
	remoteAPIVersion = "faultline.dev/v1"
	remoteKind       = "UnrenderedHelmChart"
	remoteAnnotation = "faultline.dev/remote-chart"
)

// remoteChart adds the stand-in object of a remote chart entry of k to
// the build (see RemoteChart).
func (b *builder) remoteChart(k *kustomization, c HelmChart, label string, at lint.Range, where remoteAt) {
	n := len(b.remote)
	file, ferr := filepath.Rel(b.rootDir, where.file)
	dir, derr := filepath.Rel(b.rootDir, k.dir)
	if ferr != nil || derr != nil {
		b.note(at, fmt.Sprintf("kustomize Helm chart %s not rendered: %v", label, ErrChartUnavailable))
		return
	}
	b.remote = append(b.remote, RemoteChart{File: filepath.ToSlash(file), Dir: filepath.ToSlash(dir), Field: where.field, Index: where.index})
	b.remoteAt = append(b.remoteAt, remoteEntry{label: label, at: at})
	b.removed++ // its objects are not in the build: what patches them fails
	meta := map[string]any{
		"name":        fmt.Sprintf("faultline-remote-chart-%d", n),
		"annotations": map[string]any{remoteAnnotation: strconv.Itoa(n)},
	}
	if c.Namespace != "" {
		meta["namespace"] = c.Namespace
	}
	// A block mapping, as the build's marks need.
	doc, err := yaml.Marshal(map[string]any{"apiVersion": remoteAPIVersion, "kind": remoteKind, "metadata": meta})
	if err != nil {
		return
	}
	b.addChartOutput(k, c.Name, doc, label, at)
}

// remoteAt is where a chart entry is written: entry index of list field
// of kustomization file file, or (field "") document index of generator
// file file; file "" for inline YAML, which is not modelled.
type remoteAt struct {
	file, field string
	index       int
}

// remoteEntry is where a remote chart's entry is written and its label.
type remoteEntry struct {
	label string
	at    lint.Range
}

// remoteNotes are the notes of the remote charts of a build that failed:
// none is modelled.
func (b *builder) remoteNotes() {
	for _, e := range b.remoteAt {
		b.notes = append(b.notes, lint.Note{Kind: lint.Skipped, Range: e.at, What: fmt.Sprintf("kustomize Helm chart %s not rendered: %v", e.label, ErrChartUnavailable)})
	}
}

// takeRemote reads the stand-in object of a remote chart out of the
// output (true: res is one, and is not output).
func (b *builder) takeRemote(apiVersion, kind string, annotations map[string]string, namespace string) bool {
	if apiVersion != remoteAPIVersion || kind != remoteKind {
		return false
	}
	n, err := strconv.Atoi(annotations[remoteAnnotation])
	if err != nil || n < 0 || n >= len(b.remote) {
		return true
	}
	rc := b.remote[n]
	rc.Namespace = namespace
	b.remoteOut = append(b.remoteOut, rc)
	return true
}

// ChartDir is where kustomize finds a helmCharts entry's chart: a chart
// of a repository at a version in <chartHome>/<name>-<version>/<name>
// (where `kustomize build --enable-helm` pulls it), else
// <chartHome>/<name> — for such a chart too when only that directory
// holds it, a copy vendored before kustomize kept versions apart, read
// rather than nothing. tree answers whether the versioned copy exists
// (nil: it is not looked for).
func ChartDir(tree *treefs.Tree, c HelmChart) string {
	plain := filepath.Join(c.ChartHome, c.Name)
	if c.Repo == "" || c.Version == "" || tree == nil {
		return plain
	}
	versioned := filepath.Join(c.ChartHome, c.Name+"-"+c.Version, c.Name)
	if tree.IsFile(filepath.Join(versioned, "Chart.yaml")) {
		return versioned
	}
	return plain
}
