package helm

import (
	"fmt"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// A file given without documents that can hold nothing the finder reads
// but a ConfigMap is parsed only once a Flux HelmRelease may be among
// the files, whose valuesFrom then reads it as before.
func TestFinderParsesConfigMapsForHelmReleases(t *testing.T) {
	cm := []byte("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web-values\ndata:\n  values.yaml: |\n    replicas: 4\n")
	hr := []byte(`apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata:
  name: web
spec:
  chart:
    spec:
      chart: web
      sourceRef:
        kind: HelmRepository
        name: charts
  valuesFrom:
    - kind: ConfigMap
      name: web-values
`)
	f := NewFinder(Options{})
	f.AddParsed("values.yaml", "/r/values.yaml", cm, nil, lint.Scope{})
	if rels, _, _ := f.Releases(); len(rels) != 0 || f.files[0].docs != nil || !f.files[0].configMapsOnly {
		t.Fatalf("no HelmRelease: %d releases, ConfigMap file parsed %v", len(rels), f.files[0].docs != nil)
	}
	f.AddParsed("release.yaml", "/r/release.yaml", hr, nil, lint.Scope{})
	rels, _, notes := f.Releases()
	if len(rels) != 1 || fmt.Sprint(rels[0].Values) != "map[replicas:4]" {
		t.Fatalf("with a HelmRelease: %d releases (%v), notes %v; want its values from the ConfigMap", len(rels), rels, notes)
	}
}
