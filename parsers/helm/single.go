package helm

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// ErrNotInTree is wrapped by RenderChart's error when the chart is not a
// chart directory or archive inside the scanned tree (it cannot be
// rendered offline).
var ErrNotInTree = errors.New("chart not in the scanned tree")

// ChartRequest is one chart to render to text, for another renderer that
// embeds charts (Kustomize helmCharts).
type ChartRequest struct {
	// Chart is the chart's absolute directory or .tgz.
	Chart                  string
	ReleaseName, Namespace string
	// ValuesFiles are absolute values files merged in order, then Values.
	ValuesFiles []string
	Values      map[string]any
	// KubeVersion overrides Options.KubeVersion; APIVersions are added
	// to the capabilities.
	KubeVersion string
	APIVersions []string
	IncludeCRDs bool
}

// RenderChart renders one chart as `helm template` prints it: every
// manifest as a YAML document after a "# Source: <chart>/<path>" comment,
// in path order (CRDs from crds/ first when asked). Notes are what Helm
// logged (missing required values). It uses the same loading, bounds and
// Renderer as Render; errors are *RenderError, *StoppedError, or wrap
// ErrNotInTree.
func RenderChart(ctx context.Context, cr ChartRequest, opts Options) ([]byte, []string, error) {
	if opts.Renderer == nil {
		opts.Renderer = defaultRenderer
	}
	p := newPaths(&opts)
	abs := filepath.Clean(cr.Chart)
	if !isDir(abs) && !isFile(abs) {
		return nil, nil, fmt.Errorf("%s: %w", p.rel(abs), ErrNotInTree)
	}
	cd, lerr := loadChart(abs, p)
	if lerr != nil {
		if errors.Is(lerr, errOutside) {
			return nil, nil, fmt.Errorf("%s: %w", p.rel(abs), ErrNotInTree)
		}
		return nil, nil, &RenderError{Stage: "load", Message: lerr.Detail}
	}
	if _, ok := cd.byName["Chart.yaml"]; !ok {
		return nil, nil, fmt.Errorf("%s has no Chart.yaml: %w", cd.rel, ErrNotInTree)
	}
	values := map[string]any{}
	for _, vf := range cr.ValuesFiles {
		data, err := p.readFile(vf)
		if err != nil {
			return nil, nil, &RenderError{Stage: "values", Message: fmt.Sprintf("values file %s: %v", p.rel(vf), err)}
		}
		docs, err := parseYAML(data)
		if err != nil {
			return nil, nil, &RenderError{Stage: "values", Message: fmt.Sprintf("values file %s: %v", p.rel(vf), err)}
		}
		for _, d := range docs {
			r := &lint.Release{Values: values, ValueRanges: map[string]lint.Range{}}
			if err := mergeDoc(r, body(d), filePos(vf)); err != nil {
				return nil, nil, &RenderError{Stage: "values", Message: fmt.Sprintf("values file %s: %v", p.rel(vf), err)}
			}
		}
	}
	lint.MergeValues(values, deepCopy(cr.Values))
	kv := cr.KubeVersion
	if kv == "" {
		kv = opts.KubeVersion
	}
	if kv == "" {
		kv = DefaultKubeVersion
	}
	vals, _, err := normalizeValues(values)
	if err != nil {
		return nil, nil, &RenderError{Stage: "values", Message: err.Error()}
	}
	name := cr.ReleaseName
	if name == "" {
		name = defaultReleaseName(cd)
	}
	files, err := cd.allFiles()
	if err != nil {
		return nil, nil, err
	}
	res, err := opts.Renderer.Render(ctx, Request{
		Chart: cd.rel, Files: files, Values: vals, ReleaseName: name, Namespace: cr.Namespace,
		KubeVersion: kv, APIVersions: cr.APIVersions, IncludeCRDs: cr.IncludeCRDs,
	})
	if err != nil {
		return nil, res.Notes, err
	}
	var b strings.Builder
	for _, m := range res.Manifests {
		fmt.Fprintf(&b, "---\n# Source: %s/%s\n%s", cd.name, m.Template, m.Content)
		if !strings.HasSuffix(m.Content, "\n") {
			b.WriteByte('\n')
		}
	}
	return []byte(b.String()), res.Notes, nil
}
