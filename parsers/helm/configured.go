package helm

import (
	"path/filepath"

	"github.com/faultline-dev/faultline/lint"
)

// ConfiguredRelease is the release .faultline.hcl describes for a chart
// nothing in the tree installs (`chart "dir" { values_files = [...] }`):
// the chart renders with those values instead of its bare defaults. The
// release name is the chart directory's name and the namespace unknown, so
// its findings stay inferred. rng is the chart block in the config file.
func ConfiguredRelease(chartDir string, valuesFiles []string, rng lint.Range, opts Options) (*lint.Release, []lint.Diagnostic) {
	p := newPaths(&opts)
	name := filepath.Base(chartDir)
	r := &lint.Release{
		Object: lint.Object{
			Kind: lint.KindRelease, Addr: "config:" + p.rel(chartDir), Label: "chart " + p.rel(chartDir) + " (values from " + rng.File + ")",
			Name: lint.Known(name), Range: rng, NameRange: rng, Source: lint.SourceHelm,
			Inferred: []string{"release name and namespace assumed: the chart is rendered with the values files .faultline.hcl names"},
		},
		Namespace: lint.Unknown(), Chart: p.rel(chartDir), ChartDir: chartDir, Tool: "config",
		Values: map[string]any{}, ValueRanges: map[string]lint.Range{},
	}
	var diags []lint.Diagnostic
	for _, f := range valuesFiles {
		data, err := p.readFile(f)
		if err != nil {
			diags = append(diags, lint.Diagnostic{Range: rng, Summary: "values file not readable", Detail: p.rel(f) + ": " + err.Error()})
			continue
		}
		docs, err := parseYAML(data)
		if err != nil {
			diags = append(diags, lint.Diagnostic{Range: pointRange(p.rel(f), 1, 1), Summary: "invalid values file", Detail: err.Error()})
			continue
		}
		for _, d := range docs {
			b := body(d)
			if b == nil {
				continue
			}
			v, read, dups, err := toGoDups(b)
			m, ok := v.(map[string]any)
			if err != nil || !ok {
				continue
			}
			lint.MergeValues(r.Values, m)
			recordRanges(r, read, "", filePos(p.rel(f)))
			r.DuplicateKeys = append(r.DuplicateKeys, duplicateKeys(dups, filePos(p.rel(f)))...)
		}
	}
	return r, diags
}
