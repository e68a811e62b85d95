package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/version"
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

// Two renderer processes render a chart that draws on Helm's random
// functions alike, math/rand's randInt and shuffle included: the command
// lets a rendering seed math/rand (its go:debug line), so a cached run
// and one that renders again give the same output.
func TestRandomRendersAlikeInTwoProcesses(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	files := []helm.File{
		{Name: "Chart.yaml", Data: []byte("apiVersion: v2\nname: hello\nversion: 0.1.0\n")},
		{Name: "templates/pod.yaml", Data: []byte("apiVersion: v1\nkind: Pod\nmetadata:\n  name: test-{{ randAlphaNum 5 | lower }}-{{ randInt 0 100000 }}\n  annotations:\n    order: {{ shuffle \"abcdefghij\" }}\n")},
	}
	var got []string
	for range 2 {
		res, err := helm.NewChild(exe).Render(context.Background(), helm.Request{Chart: "charts/hello", Files: files, ReleaseName: "greeter", Namespace: "apps"})
		if err != nil || len(res.Manifests) != 1 {
			t.Fatalf("render: %v %+v", err, res)
		}
		got = append(got, res.Manifests[0].Content)
	}
	if got[0] != got[1] {
		t.Errorf("two renderer processes rendered differently:\n%s\n%s", got[0], got[1])
	}
}

// Run by hand, the command says what it is for and fails.
func TestUsage(t *testing.T) {
	var out bytes.Buffer
	if code := usage(&out); code != 2 || !strings.Contains(out.String(), "go install github.com/faultline-dev/faultline/cmd/...@latest") {
		t.Errorf("exit %d:\n%s", code, out.String())
	}
}

// --version prints the release stamped into the binary, in the form
// faultline prints its own; any other argument is usage.
func TestVersion(t *testing.T) {
	defer func(v, c, d string) { version.Version, version.Commit, version.Date = v, c, d }(version.Version, version.Commit, version.Date)
	version.Version, version.Commit, version.Date = "v0.1.0", "abc1234def5678", "2026-12-01T10:00:00Z"
	for _, arg := range []string{"--version", "version"} {
		var out, errb bytes.Buffer
		code := run([]string{arg}, &out, &errb)
		want := "faultline-render v0.1.0 (commit abc1234, built 2026-12-01T10:00:00Z, " + version.Get().GoVersion + ")\n"
		if code != 0 || out.String() != want || errb.Len() != 0 {
			t.Errorf("%s: exit %d, stdout %q (want %q), stderr %q", arg, code, out.String(), want, errb.String())
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"--help"}, &out, &errb); code != 2 || out.Len() != 0 || !strings.Contains(errb.String(), "not run by hand") {
		t.Errorf("--help: exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
}
