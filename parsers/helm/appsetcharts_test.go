package helm

import (
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// An ApplicationSet whose template installs each directory a Git
// directories generator lists with Helm values of its own names those
// directories (a {{ }} expression in a pattern is any one directory
// name, an excluded pattern takes its directories out); one installing a
// chart at a path written out with values names that chart; one whose
// template gives no Helm values names none.
func TestGeneratedInstalls(t *testing.T) {
	sets := []byte(`apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata:
  name: per-cluster
spec:
  goTemplate: true
  generators:
    - matrix:
        generators:
          - clusters: {}
          - git:
              repoURL: '{{ .metadata.annotations.repo }}'
              revision: main
              directories:
                - path: config/{{ .metadata.labels.tier }}/*
                - path: config/edge/retired
                  exclude: true
  template:
    metadata:
      name: '{{ .path.basename }}'
    spec:
      project: default
      sources:
        - repoURL: '{{ .metadata.annotations.repo }}'
          path: '{{ .path.path }}'
          helm:
            parameters:
              - name: region
                value: '{{ .metadata.labels.region }}'
        - repoURL: '{{ .metadata.annotations.repo }}'
          ref: values
      destination:
        server: '{{ .server }}'
        namespace: '{{ .path.basename }}'
---
apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata:
  name: defaults-only
spec:
  generators:
    - git:
        repoURL: https://git.example.com/apps.git
        revision: HEAD
        directories:
          - path: plain/*
  template:
    metadata:
      name: '{{path.basename}}'
    spec:
      project: default
      source:
        repoURL: https://git.example.com/apps.git
        path: '{{path}}'
        helm:
          releaseName: '{{path.basename}}'
      destination:
        server: https://kubernetes.default.svc
        namespace: '{{path.basename}}'
---
apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata:
  name: one-chart
spec:
  generators:
    - git:
        repoURL: https://git.example.com/apps.git
        revision: HEAD
        directories:
          - path: fixed/*
  template:
    metadata:
      name: '{{path.basename}}'
    spec:
      project: default
      source:
        repoURL: https://git.example.com/apps.git
        path: fixed/shared-chart
        helm:
          valuesObject:
            name: '{{path.basename}}'
      destination:
        server: https://kubernetes.default.svc
        namespace: '{{path.basename}}'
`)
	f := NewFinder(Options{Roots: []string{"/r"}})
	f.AddParsed("argocd/sets.yaml", "/r/argocd/sets.yaml", sets, nil, lint.Scope{})
	got := f.GeneratedInstalls()
	if len(got) != 2 || got[0].Label != "Argo CD ApplicationSet per-cluster" || got[1].Label != "Argo CD ApplicationSet one-chart" {
		t.Fatalf("generated installs %+v, want the per-cluster set's one generator and the one-chart set's chart", got)
	}
	if !got[1].Matches("/r/fixed/shared-chart") || got[1].Matches("/r/fixed/other") {
		t.Errorf("one-chart: %+v", got[1])
	}
	for dir, want := range map[string]bool{
		"/r/config/edge/dns":            true,
		"/r/config/core/metrics/":       true,
		"/r/config/edge/retired":        false,
		"/r/config/edge":                false,
		"/r/config/edge/dns/sub":        false,
		"/r/plain/app":                  false,
		"/r/fixed/shared-chart":         false, // the one-chart set's, not this one's
		"/elsewhere/config/edge/dns":    false,
		"/r/config/edge/dns/../retired": false,
	} {
		if g := got[0].Matches(dir); g != want {
			t.Errorf("Matches(%s) = %v, want %v", dir, g, want)
		}
	}
}

// An Application's destination namespace places the directory its
// source path names (and, with directory.recurse, those below); a chart
// source, kustomize settings or a directory include (Argo CD changes or
// picks what it deploys), a templated path or namespace, and an
// ApplicationSet place nothing; the deepest directory decides, and two at one depth with
// different namespaces decide nothing.
func TestDestinations(t *testing.T) {
	apps := []byte(`apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: web
spec:
  source:
    path: deploy/web
  destination:
    namespace: web
---
apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: all
spec:
  source:
    path: deploy
    directory:
      recurse: true
  destination:
    namespace: everything
---
apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: chart
spec:
  source:
    path: charts/api
    helm:
      releaseName: api
  destination:
    namespace: api
---
apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: prefixed
spec:
  source:
    path: overlays/prod
    kustomize:
      namePrefix: prod-
  destination:
    namespace: prod
---
apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: some-files
spec:
  source:
    path: picked
    directory:
      include: 'app-*.yaml'
  destination:
    namespace: picked
---
apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: twin-a
spec:
  source:
    path: shared
  destination:
    namespace: a
---
apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: twin-b
spec:
  source:
    path: shared
  destination:
    namespace: b
`)
	f := NewFinder(Options{Roots: []string{"/r"}})
	f.AddParsed("argocd/apps.yaml", "/r/argocd/apps.yaml", apps, nil, lint.Scope{})
	ds := f.Destinations()
	for dir, want := range map[string]string{
		"/r/deploy/web":      "web",
		"/r/deploy/web/sub":  "everything",
		"/r/deploy/jobs":     "everything",
		"/r/deploy":          "everything",
		"/r/charts/api":      "",
		"/r/shared":          "",
		"/r/elsewhere/thing": "",
		"/r/overlays/prod":   "",
		"/r/picked":          "",
	} {
		d, ok := DestinationOf(ds, dir)
		if got := d.Namespace; !ok {
			got = ""
			if want != "" {
				t.Errorf("%s: no destination, want %q", dir, want)
			}
		} else if got != want {
			t.Errorf("%s: destination %q, want %q", dir, got, want)
		}
	}
}

// TestListedPathsNeedEveryParameter: a list element fills an
// ApplicationSet's templated path only when it gives every parameter
// the path reads; one another generator of a matrix gives leaves the
// path unknown (no directory), in Go template mode as in the default.
func TestListedPathsNeedEveryParameter(t *testing.T) {
	var doc yaml.Node
	src := `goTemplate: true
generators:
  - matrix:
      generators:
        - list:
            elements:
              - folder: platform/dns
        - git:
            files:
              - path: envs/*.json
`
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		t.Fatal(err)
	}
	spec := body(&doc)
	if got := listedPaths(spec, []string{"{{ .folder }}"}); len(got) != 1 || got[0] != "platform/dns" {
		t.Errorf("folder only: %v", got)
	}
	if got := listedPaths(spec, []string{"{{ .folder }}/{{ .env }}"}); len(got) != 0 {
		t.Errorf("a parameter the element lacks: %v, want none", got)
	}
}
