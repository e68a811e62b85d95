package kube

import (
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// A mapping entry whose key and value map to different places (a rendered
// chart: the key to its template, the value to the values key that set
// it, possibly lines above) is its key's range: never one that ends
// before it starts (a finding was seen at line 21 ending at line 19) or
// in another file.
func TestPairRangeNeverEndsBeforeStart(t *testing.T) {
	src := []byte(`apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
spec:
  template:
    spec:
      containers:
        - name: web
          image: web:1
`)
	for name, valueAt := range map[string]lint.Range{
		"value in values.yaml":           {File: "values.yaml", Line: 19, Column: 7, EndLine: 19, EndColumn: 10},
		"value above the key":            {File: "templates/web.yaml", Line: 19, Column: 7, EndLine: 19, EndColumn: 10},
		"value on the key's line before": {File: "templates/web.yaml", Line: 30, Column: 1, EndLine: 30, EndColumn: 2},
	} {
		mapped := func(r lint.Range, text string) lint.Range {
			if text == "web" && r.Line == 10 {
				return valueAt
			}
			r.File = "templates/web.yaml"
			r.Line += 20
			r.EndLine += 20
			return r
		}
		ents, _ := Parse("rendered.yaml", src, Options{Source: lint.SourceHelm, MapRange: mapped})
		pod := workloadPod(t, ents, "web")
		if len(pod.Containers) != 1 {
			t.Fatalf("%s: containers = %+v", name, pod.Containers)
		}
		r := pod.Containers[0].Range
		want := lint.Range{File: "templates/web.yaml", Line: 30, Column: 11, EndLine: 30, EndColumn: 15}
		if r != want {
			t.Errorf("%s: container range = %+v, want the key's %+v", name, r, want)
		}
	}
	// Unmapped, the pair spans key and value.
	ents, _ := Parse("web.yaml", src, Options{})
	if r := workloadPod(t, ents, "web").Containers[0].Range; r.Line != 10 || r.EndLine != 10 || r.Column != 11 || r.EndColumn != 20 {
		t.Errorf("unmapped container range = %+v, want 10:11-10:20", r)
	}
}
