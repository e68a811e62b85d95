package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runIn executes the CLI in dir with stdin.
func runIn(t *testing.T, dir string, stdin io.Reader, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	c := New(&out, &errb)
	c.Cwd = dir
	c.Stdin = stdin
	c.Getenv = testEnv(t, nil)
	c.IsTerminal = func(io.Writer) bool { return false }
	code := c.Run(args)
	return code, out.String(), errb.String()
}

func TestPlanFromStdinAndFile(t *testing.T) {
	planJSON, err := os.ReadFile(filepath.Join("..", "..", "examples", "atlantis", "plan.json"))
	if err != nil {
		t.Fatal(err)
	}
	dir := fixture(t, shared)
	// Without a plan, the sources alone.
	wantCode, wantOut, _ := runIn(t, dir, nil, "lint", "--format", "json", ".")
	if wantCode == exitError {
		t.Fatalf("lint without a plan failed: %s", wantOut)
	}
	// `terraform show -json plan | faultline lint --plan - .`
	code, stdout, stderr := runIn(t, dir, bytes.NewReader(planJSON), "lint", "--format", "json", "--plan", "-", ".")
	if code == exitError {
		t.Fatalf("--plan -: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	// A plan file beside the sources.
	writeFileT(t, filepath.Join(dir, "plan.json"), string(planJSON), 0o644)
	code, stdout, stderr = runIn(t, dir, nil, "lint", "--plan", "plan.json", ".")
	if code == exitError {
		t.Fatalf("--plan plan.json: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	// Plan values never reach the output.
	for _, secret := range []string{"0ec8a1b2-0000-4000-8000", "subnet-0a1b2c3d4e5f60001"} {
		if strings.Contains(stdout+stderr, secret) {
			t.Errorf("output echoes a plan value %q:\n%s%s", secret, stdout, stderr)
		}
	}
}

func TestBadPlanExits2(t *testing.T) {
	dir := fixture(t, shared)
	writeFileT(t, filepath.Join(dir, "plan.txt"), "Terraform will perform the following actions:\n  password = \"hunter2\"\n", 0o644)
	writeFileT(t, filepath.Join(dir, "state.json"), `{"format_version":"1.0","values":{"root_module":{}}}`, 0o644)
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
		want  string
	}{
		{"text file", "", []string{"--plan", "plan.txt"}, "--plan plan.txt: not JSON"},
		{"state", "", []string{"--plan", "state.json"}, "--plan state.json: not a terraform show -json plan"},
		{"missing", "", []string{"--plan", "nope.json"}, "--plan nope.json: no such file"},
		{"directory", "", []string{"--plan", "infra"}, "is a directory"},
		{"stdin not JSON", "hunter2", []string{"--plan", "-"}, "--plan -: not JSON"},
		{"stdin other shape", `{"kind":"ConfigMap"}`, []string{"--plan", "-"}, "format_version missing"},
		{"stdin empty", "", []string{"--plan", "-"}, "--plan -: empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append(append([]string{"lint"}, tc.args...), ".")
			code, stdout, stderr := runIn(t, dir, strings.NewReader(tc.stdin), args...)
			if code != exitError {
				t.Errorf("exit %d, want 2\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
			}
			if !strings.Contains(stderr, tc.want) {
				t.Errorf("stderr %q does not say %q", stderr, tc.want)
			}
			if strings.Contains(stdout+stderr, "hunter2") {
				t.Errorf("plan content echoed: %q", stderr)
			}
		})
	}
}

func TestPlanReadReportsTheSize(t *testing.T) {
	planJSON, err := os.ReadFile(filepath.Join("..", "..", "examples", "atlantis", "plan.json"))
	if err != nil {
		t.Fatal(err)
	}
	dir := fixture(t, shared)
	writeFileT(t, filepath.Join(dir, "plan.json"), string(planJSON), 0o644)
	for _, tc := range []struct {
		name  string
		stdin io.Reader
		arg   string
	}{
		{"file", nil, "plan.json"},
		{"stdin", bytes.NewReader(planJSON), "-"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			c := New(&out, &errb)
			c.Cwd, c.Stdin = dir, tc.stdin
			c.Getenv = testEnv(t, nil)
			c.IsTerminal = func(io.Writer) bool { return false }
			var sizes []int64
			c.PlanRead = func(n int64) { sizes = append(sizes, n) }
			if code := c.Run([]string{"lint", "--plan", tc.arg, "."}); code == exitError {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			if len(sizes) != 1 || sizes[0] != int64(len(planJSON)) {
				t.Errorf("PlanRead got %v, want [%d]", sizes, len(planJSON))
			}
		})
	}
}
