package helm

import (
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

const helmChartCR = `apiVersion: helm.cattle.io/v1
kind: HelmChart
metadata:
  name: ingress
  namespace: kube-system
spec:
  chart: traefik
  repo: https://traefik.github.io/charts
  version: 33.0.0
  targetNamespace: edge
  valuesContent: |-
    deployment:
      replicas: 2
    ports:
      web:
        port: 8000
  set:
    deployment.replicas: 3
    logs.general.level: "DEBUG"
    hub.enabled: "false"
`

// TestHelmChartCR: a HelmChart CR is a release of its remote chart in
// spec.targetNamespace, valuesContent under spec.set, at its lines.
func TestHelmChartCR(t *testing.T) {
	rels, diags, _ := ReleasesFromYAML("k3s/ingress.yaml", "/repo/k3s/ingress.yaml", []byte(helmChartCR), lint.Scope{}, Options{})
	if len(diags) != 0 || len(rels) != 1 {
		t.Fatalf("releases %v, diagnostics %v; want one release", rels, diags)
	}
	r := rels[0]
	name, _ := r.Name.Str()
	ns, _ := r.Namespace.Str()
	if name != "ingress" || ns != "edge" || r.Chart != "traefik" || r.Repository != "https://traefik.github.io/charts" || r.Version != "33.0.0" || r.ChartDir != "" {
		t.Errorf("release %s/%s chart %s %s %s dir %q", ns, name, r.Repository, r.Chart, r.Version, r.ChartDir)
	}
	want := map[string]any{
		"deployment": map[string]any{"replicas": int64(3)},
		"ports":      map[string]any{"web": map[string]any{"port": 8000}},
		"logs":       map[string]any{"general": map[string]any{"level": "DEBUG"}},
		"hub":        map[string]any{"enabled": false},
	}
	_, got, err1 := normalizeValues(r.Values)
	_, exp, err2 := normalizeValues(want)
	if err1 != nil || err2 != nil || string(got) != string(exp) {
		t.Errorf("values = %#v, want %#v", r.Values, want)
	}
	if got := r.ValueRanges["ports.web.port"]; got.Line != 16 {
		t.Errorf("ports.web.port at %v, want line 16 (inside valuesContent)", got)
	}
	if got := r.ValueRanges["deployment.replicas"]; got.Line != 18 {
		t.Errorf("deployment.replicas at %v, want line 18 (spec.set wins)", got)
	}
	if r.Range.Line != 2 {
		t.Errorf("release at %v, want the kind line", r.Range)
	}
}

// TestAddProducedMapsPositions: releases in produced text are placed
// where its map says, and carry its source and inferred notes.
func TestAddProducedMapsPositions(t *testing.T) {
	f := NewFinder(Options{})
	shift := func(r lint.Range, _ string) lint.Range {
		r.File, r.Line, r.EndLine = "src/ingress.yaml", r.Line+40, r.EndLine+40
		return r
	}
	f.AddProduced(Produced{Name: "out/kustomization.yaml", Dir: "/repo/out", Data: []byte(helmChartCR), Map: shift, Source: lint.SourceKustomize, Inferred: []string{"from defaults"}})
	rels, _, _ := f.Releases()
	if len(rels) != 1 {
		t.Fatalf("%d releases, want 1", len(rels))
	}
	r := rels[0]
	// kustomize output: a key inside the valuesContent block (line 16 of
	// the text) is mapped as its own line, not as the block's.
	if r.Range.File != "src/ingress.yaml" || r.Range.Line != 42 || r.ValueRanges["ports.web.port"].Line != 56 {
		t.Errorf("release at %v, ports.web.port at %v; want src/ingress.yaml:42 and line 56 (16 inside valuesContent, mapped)", r.Range, r.ValueRanges["ports.web.port"])
	}
	if r.Source != lint.SourceKustomize || len(r.Inferred) != 1 {
		t.Errorf("source %q inferred %v", r.Source, r.Inferred)
	}
}

// An Application Terraform writes with values known only after apply (a
// variable without a value) names them as their references in its label,
// address and notes, never as the placeholders standing for them, which
// are numbered in no fixed order: output and fingerprints stay the same
// from run to run.
func TestProducedApplicationHolesShown(t *testing.T) {
	holes := lint.NewHoles()
	name := holes.Sentinel(lint.HoleRef{Object: "argocd_application.web", Path: "metadata[0].name"})
	repo := holes.Sentinel(lint.HoleRef{Object: "var.app", Path: "repository"})
	app := "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: " + name + "\n  namespace: argocd\nspec:\n  source:\n    repoURL: " + repo + "\n    chart: web\n    targetRevision: 1.2.0\n  destination:\n    namespace: web\n"
	f := NewFinder(Options{Holes: holes})
	f.AddProduced(Produced{Name: "apps.tf@argocd_application.web", Dir: "/repo", Data: []byte(app), Source: lint.SourceTerraform})
	rels, diags, notes := f.Releases()
	if len(rels) != 1 || len(diags) != 0 {
		t.Fatalf("releases %d, diagnostics %v", len(rels), diags)
	}
	r := rels[0]
	texts := []string{r.Label, r.Addr, r.Repository}
	for _, n := range notes {
		texts = append(texts, n.What)
	}
	for _, s := range texts {
		if lint.HasSentinel(s) {
			t.Errorf("%q holds a placeholder", s)
		}
	}
	if r.Label != "Argo CD Application ${argocd_application.web.metadata[0].name}" || r.Repository != "${var.app.repository}" {
		t.Errorf("label %q, repository %q", r.Label, r.Repository)
	}
	if r.Name.IsKnown() {
		t.Errorf("name %v known", r.Name)
	}
}
