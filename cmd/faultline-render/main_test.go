package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/parsers/helm"
	"github.com/faultline-dev/faultline/parsers/helm/chartrender"
)

// TestMain makes this test binary the command when a test starts it as a
// renderer (helm.Child sets FAULTLINE_HELM_CHILD), as faultline starts
// faultline-render.
func TestMain(m *testing.M) {
	if os.Getenv(helm.ChildEnv) == "1" {
		main()
	}
	os.Exit(m.Run())
}

// The command answers every request a bounded Child sends it, in order,
// with the chart rendered for each release.
func TestRendersForAChild(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	c := helm.NewChild(exe)
	files := []helm.File{
		{Name: "Chart.yaml", Data: []byte("apiVersion: v2\nname: hello\nversion: 0.1.0\n")},
		{Name: "values.yaml", Data: []byte("greeting: hi\n")},
		{Name: "templates/cm.yaml", Data: []byte("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\n  namespace: {{ .Release.Namespace }}\ndata:\n  greeting: {{ .Values.greeting }}\n")},
	}
	for _, ns := range []string{"apps", "tools"} {
		res, err := c.Render(context.Background(), helm.Request{Chart: "charts/hello", Files: files, ReleaseName: "greeter", Namespace: ns})
		if err != nil {
			t.Fatal(err)
		}
		want, _ := chartrender.Render(helm.Request{Chart: "charts/hello", Files: files, ReleaseName: "greeter", Namespace: ns})
		if len(res.Manifests) != 1 || res.Manifests[0] != want.Manifests[0] {
			t.Fatalf("rendered %+v, in process %+v", res.Manifests, want.Manifests)
		}
		if got := res.Manifests[0].Content; !strings.Contains(got, "name: greeter") || !strings.Contains(got, "namespace: "+ns) || !strings.Contains(got, "greeting: hi") {
			t.Errorf("rendered:\n%s", got)
		}
	}
}

// Run by hand, the command says what it is for and fails.
func TestUsage(t *testing.T) {
	var out bytes.Buffer
	if code := usage(&out); code != 2 || !strings.Contains(out.String(), "go install github.com/faultline-dev/faultline/cmd/...@latest") {
		t.Errorf("exit %d:\n%s", code, out.String())
	}
}
