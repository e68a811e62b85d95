package helm

import "testing"

// A rendered template belongs to the chart whose templates/ holds it: the
// chart's own, or the innermost subchart it lies under.
func TestTemplateChart(t *testing.T) {
	for tmpl, want := range map[string]string{
		"templates/deployment.yaml":          "karpenter",
		"charts/crds/templates/crd.yaml":     "crds",
		"charts/a/charts/b/templates/x.yaml": "b",
		"templates/charts/x.yaml":            "karpenter",
		"charts/charts/templates/x.yaml":     "charts",
	} {
		if got := templateChart("karpenter", tmpl); got != want {
			t.Errorf("templateChart(%q) = %q, want %q", tmpl, got, want)
		}
	}
}
