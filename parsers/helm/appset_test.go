package helm

import (
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// The Applications an ApplicationSet generates are not followed: one
// whose template installs a chart (a chart source, or a path with Helm
// settings) is a coverage note at its kind, not silence; one that
// deploys plain manifests from paths (placed by its paths) is not.
func TestApplicationSetNotFollowed(t *testing.T) {
	set := []byte(`apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata:
  name: addons
spec:
  generators:
    - clusters: {}
  template:
    metadata:
      name: '{{name}}-karpenter'
    spec:
      project: default
      sources:
      - repoURL: https://charts.example.com
        chart: '{{metadata.annotations.addon_chart}}'
      - repoURL: https://charts.example.com
        chart: karpenter
        targetRevision: 1.6.0
        helm:
          valuesObject:
            settings:
              clusterName: '{{name}}'
      destination:
        server: '{{server}}'
        namespace: kube-system
---
apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata:
  name: workloads
spec:
  generators:
    - git:
        repoURL: https://git.example.com/apps.git
        revision: HEAD
        directories:
          - path: apps/*
  template:
    metadata:
      name: '{{path.basename}}'
    spec:
      project: default
      source:
        repoURL: https://git.example.com/apps.git
        path: '{{path}}'
      destination:
        server: https://kubernetes.default.svc
        namespace: '{{path.basename}}'
`)
	f := NewFinder(Options{})
	f.AddParsed("argocd/appsets.yaml", "/r/argocd/appsets.yaml", set, nil, lint.Scope{})
	rels, diags, notes := f.Releases()
	if len(rels) != 0 || len(diags) != 0 {
		t.Fatalf("%d releases, diagnostics %v", len(rels), diags)
	}
	if len(notes) != 1 {
		t.Fatalf("notes %v, want one, for the set that installs a chart", notes)
	}
	n := notes[0]
	if n.Kind != lint.Skipped || n.Range.File != "argocd/appsets.yaml" || n.Range.Line != 2 ||
		n.What != "Argo CD ApplicationSet addons: the Applications it generates are not followed; the charts they install (karpenter) are not rendered with their values" {
		t.Errorf("note %+v", n)
	}
}
