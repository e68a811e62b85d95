package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/parsers/helm"
	"github.com/faultline-dev/faultline/parsers/helm/chartrender"
)

// TestMain lets this test binary act as faultline-render: the CLIs under
// test find it through FAULTLINE_RENDER and start it as their renderer.
// Their result cache is a temporary directory (XDG_CACHE_HOME).
func TestMain(m *testing.M) {
	helm.ServeIfChild(chartrender.Render)
	if exe, err := os.Executable(); err == nil {
		os.Setenv(renderEnv, exe)
	}
	// The CLIs under test keep their result cache in a directory of
	// their own, never the user's.
	cacheHome, err := os.MkdirTemp("", "faultline-test-cache-")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CACHE_HOME", cacheHome)
	code := m.Run()
	os.RemoveAll(cacheHome)
	if hostileDir != "" {
		os.RemoveAll(hostileDir) // about 100 MB of binaries
	}
	os.Exit(code)
}

// faultline-render is the one FAULTLINE_RENDER names, else the one
// beside faultline, else the first on PATH; with none the error says how
// to install it.
func TestRenderExecutable(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	onPath := t.TempDir()
	bin := filepath.Join(onPath, renderName)
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	named := filepath.Join(t.TempDir(), "my-renderer")
	if err := os.WriteFile(named, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if p, err := renderExecutable(env(map[string]string{renderEnv: named})); err != nil || p != named {
		t.Errorf("named: %q, %v", p, err)
	}
	if _, err := renderExecutable(env(map[string]string{renderEnv: filepath.Join(onPath, "nothing")})); err == nil || !strings.Contains(err.Error(), "which is not a file") {
		t.Errorf("named, absent: %v", err)
	}
	t.Setenv("PATH", onPath)
	if p, err := renderExecutable(env(nil)); err != nil || p != bin {
		t.Errorf("on PATH: %q, %v, want %s", p, err, bin)
	}
	t.Setenv("PATH", t.TempDir())
	_, err := renderExecutable(env(nil))
	if err == nil || !strings.Contains(err.Error(), "go install github.com/faultline-dev/faultline/cmd/...@latest") || !strings.Contains(err.Error(), renderEnv) {
		t.Errorf("missing: %v", err)
	}
}

// Without a faultline-render, a tree with no chart lints as ever, and one
// with a chart stops with exit 2 and the reason, before any finding.
func TestNoRenderer(t *testing.T) {
	t.Setenv(renderEnv, "")
	t.Setenv("PATH", t.TempDir())
	plain := fixture(t, map[string]string{"main.tf": "resource \"aws_iam_role\" \"r\" {\n  name = \"r\"\n}\n"})
	if code, _, stderr := run(t, plain, nil, "lint", "."); code != 0 {
		t.Errorf("no chart: exit %d\n%s", code, stderr)
	}
	charted := fixture(t, map[string]string{
		"charts/web/Chart.yaml":        "apiVersion: v2\nname: web\nversion: 0.1.0\n",
		"charts/web/templates/sa.yaml": "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: web\n",
	})
	code, stdout, stderr := run(t, charted, nil, "lint", ".")
	if code != exitError || !strings.Contains(stderr, "charts need faultline-render") || stdout != "" {
		t.Errorf("chart: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
}
