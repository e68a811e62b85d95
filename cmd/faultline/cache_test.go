package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/benchgen"
	"github.com/faultline-dev/faultline/lint/report"
)

// runOutputs runs `lint ARGS --format F` for every report format and
// returns stdout and the exit code of each, keyed by format.
func runOutputs(t *testing.T, root string, args ...string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, f := range report.Formats() {
		stdout, stderr, code := runCLI(t, root, append([]string{"lint", "--no-color", "--format", f}, args...)...)
		if strings.Contains(stderr, "panic") {
			t.Fatalf("%s: %s", f, stderr)
		}
		out[f] = stdout + "\nexit " + string(rune('0'+code))
	}
	return out
}

// checkWarmEqualsCold runs dir cold (--no-cache), then with an empty
// cache (a miss that stores) and again (a hit), and wants the same bytes
// and exit code from all three in every format.
func checkWarmEqualsCold(t *testing.T, root, dir string) {
	t.Helper()
	cacheDir := t.TempDir()
	cold := runOutputs(t, root, "--no-cache", dir)
	stored := runOutputs(t, root, "--cache-dir", cacheDir, dir)
	_, stderr, _ := runCLI(t, root, "lint", "--verbose", "--cache-dir", cacheDir, dir)
	if !strings.Contains(stderr, "cache: run: 1 hit, 0 miss\n") {
		t.Fatalf("the run after storing was no hit:\n%s", stderr)
	}
	warm := runOutputs(t, root, "--cache-dir", cacheDir, dir)
	for _, f := range report.Formats() {
		if stored[f] != cold[f] {
			t.Errorf("%s, --format %s: first cached run differs from --no-cache\n%s", dir, f, firstDifference(cold[f], stored[f]))
		}
		if warm[f] != cold[f] {
			t.Errorf("%s, --format %s: warm run differs from --no-cache\n%s", dir, f, firstDifference(cold[f], warm[f]))
		}
	}
}

// Every example prints the same bytes and exits the same cold, warm and
// without the cache, in every format.
func TestCacheWarmEqualsColdExamples(t *testing.T) {
	root := repoRoot(t)
	for _, dir := range examples(t, root) {
		t.Run(strings.TrimPrefix(dir, "examples/"), func(t *testing.T) {
			checkWarmEqualsCold(t, root, dir)
		})
	}
}

// So does a generated tree with every shape (charts, kustomize,
// compositions, shared roles), outside git.
func TestCacheWarmEqualsColdGenerated(t *testing.T) {
	root := t.TempDir()
	if _, err := benchgen.Generate(filepath.Join(root, "tree"), benchgen.Options{Teams: 6, ShareEvery: 2}); err != nil {
		t.Fatal(err)
	}
	checkWarmEqualsCold(t, root, "tree")
}

// A warm run after one file changed computes again and prints what a
// cold run prints.
func TestCacheOneFileChanged(t *testing.T) {
	root := t.TempDir()
	if _, err := benchgen.Generate(filepath.Join(root, "tree"), benchgen.Options{Teams: 4, ShareEvery: 1, NoCharts: true}); err != nil {
		t.Fatal(err)
	}
	cacheDir := t.TempDir()
	before := runOutputs(t, root, "--cache-dir", cacheDir, "tree")
	matches, err := filepath.Glob(filepath.Join(root, "tree", "*", "*", "*.tf"))
	if err != nil || len(matches) == 0 {
		t.Fatalf("no .tf file in the generated tree: %v", err)
	}
	data, err := os.ReadFile(matches[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(matches[0], append(data, []byte("\nresource \"aws_iam_role\" {\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	after := runOutputs(t, root, "--cache-dir", cacheDir, "tree")
	cold := runOutputs(t, root, "--no-cache", "tree")
	if after["json"] == before["json"] {
		t.Fatal("breaking a .tf file changed nothing: the test proves nothing")
	}
	for _, f := range report.Formats() {
		if after[f] != cold[f] {
			t.Errorf("--format %s after an edit differs from --no-cache\n%s", f, firstDifference(cold[f], after[f]))
		}
	}
}

// A run after one kustomization overlay of the generated tree changed
// builds that overlay alone, keeps the other kustomizations and the chart
// renderings, and prints what a cold run prints.
func TestCacheOneKustomizationChanged(t *testing.T) {
	root := t.TempDir()
	if _, err := benchgen.Generate(filepath.Join(root, "tree"), benchgen.Options{Teams: 4, ShareEvery: 1}); err != nil {
		t.Fatal(err)
	}
	cacheDir := t.TempDir()
	before := runOutputs(t, root, "--cache-dir", cacheDir, "tree")
	overlay := filepath.Join(root, "tree", "k8s", "overlays", benchgen.TeamName(0), benchgen.Envs[0], "kustomization.yaml")
	data, err := os.ReadFile(overlay)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(overlay, append(data, []byte("patches:\n  - path: missing-patch.yaml\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	miss, stderr, code := runCLI(t, root, "lint", "--no-color", "--format", "json", "--verbose", "--cache-dir", cacheDir, "tree")
	// The overlay's kustomization changed: the root search is made again.
	m := regexp.MustCompile(`kustomizations: ([1-9][0-9]*) kept, 1 built (?:\(parses: [0-9]+ kept, [0-9]+ made\) )?\(roots: search kept 0, made 1\); charts: ([1-9][0-9]*) kept, 0 rendered`).FindStringSubmatch(stderr)
	if m == nil {
		t.Errorf("the run after the edit did not build the one overlay alone and keep every chart rendering:\n%s", stderr)
	} else {
		t.Log(m[0])
	}
	after := runOutputs(t, root, "--cache-dir", cacheDir, "tree")
	cold := runOutputs(t, root, "--no-cache", "tree")
	if after["json"] == before["json"] {
		t.Fatal("breaking an overlay changed nothing: the test proves nothing")
	}
	if got := miss + "\nexit " + string(rune('0'+code)); got != cold["json"] {
		t.Errorf("--format json of the run that kept units differs from --no-cache\n%s", firstDifference(cold["json"], got))
	}
	for _, f := range report.Formats() {
		if after[f] != cold[f] {
			t.Errorf("--format %s after an edit differs from --no-cache\n%s", f, firstDifference(cold[f], after[f]))
		}
	}
}

// --cpuprofile and --memprofile write pprof profiles (gzip-compressed
// protocol buffers) of the run; a profile that cannot be written is exit 2.
func TestProfiles(t *testing.T) {
	dir := fixture(t, map[string]string{"main.tf": "resource \"aws_iam_role\" \"r\" {\n  name = \"r\"\n}\n"})
	cpu, mem := filepath.Join(t.TempDir(), "cpu.prof"), filepath.Join(t.TempDir(), "mem.prof")
	if code, _, stderr := run(t, dir, nil, "lint", "--cpuprofile", cpu, "--memprofile", mem, "."); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, p := range []string{cpu, mem} {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
			t.Errorf("%s is not a gzip-compressed profile (%d bytes)", filepath.Base(p), len(data))
		}
	}
	missing := filepath.Join(t.TempDir(), "no", "such", "dir", "x.prof")
	for _, flag := range []string{"--cpuprofile", "--memprofile"} {
		if code, _, stderr := run(t, dir, nil, "lint", flag, missing, "."); code != 2 || !strings.Contains(stderr, flag) {
			t.Errorf("%s into a missing directory: exit %d, %s", flag, code, stderr)
		}
	}
}
