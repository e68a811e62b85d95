package helm

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// TestFailedWithoutNamesEachValueOnce: a chart that requires one value at
// two places, and fails later on a value its defaults lack, is noted as
// failing without that value once.
func TestFailedWithoutNamesEachValueOnce(t *testing.T) {
	root := t.TempDir()
	write(t, filepath.Join(root, "worker/Chart.yaml"), "apiVersion: v2\nname: worker\nversion: 1.0.0\n")
	write(t, filepath.Join(root, "worker/values.yaml"), "queue: jobs\n")
	write(t, filepath.Join(root, "worker/templates/deployment.yaml"), `apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ required "team is required" .Values.team }}-worker
  labels:
    team: {{ required "team is required" .Values.team }}
spec:
  replicas: {{ required "replicas is required" .Values.replicas }}
  strategy:
    type: {{ .Values.rollout.strategy }}
`)
	opts := options(root, nil)
	out := Render(context.Background(), FindCharts(yamlFiles(t, root)), nil, opts)
	found := false
	for _, n := range out.Notes {
		if !strings.Contains(n.What, "not rendered") {
			continue
		}
		found = true
		if c := strings.Count(n.What, "(team is required)"); c != 1 {
			t.Errorf("note names the team value %d times: %s", c, n.What)
		}
		if !strings.Contains(n.What, "(replicas is required)") {
			t.Errorf("note misses the replicas value: %s", n.What)
		}
	}
	if !found {
		t.Fatalf("no not-rendered note: %+v", out.Notes)
	}
}
