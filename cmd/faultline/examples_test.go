package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// update rewrites the examples' expected output from the current CLI:
//
//	go test ./cmd/faultline -run TestExamples -update
//
// To add an example, create examples/<scenario>/<variant>/expected.txt
// (empty is fine) and run the command above.
var update = flag.Bool("update", false, "rewrite examples/*/*/expected.txt and expected.exit from the current output")

// repoRoot is the module root, two levels above this package.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("repository root not found: %v", err)
	}
	return root
}

// runCLI runs the command line in-process from the repository root, with
// no environment and no terminal, the way CI runs it.
func runCLI(t *testing.T, root string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	c := New(&out, &errb)
	c.Getenv = testEnv(t, nil)
	c.IsTerminal = func(io.Writer) bool { return false }
	c.Cwd = root
	code = c.Run(args)
	return out.String(), errb.String(), code
}

// examples lists the example directories (slash paths relative to root)
// that have an expected.txt.
func examples(t *testing.T, root string) []string {
	t.Helper()
	matches, err := filepath.Glob(filepath.Join(root, "examples", "*", "*", "expected.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, m := range matches {
		rel, err := filepath.Rel(root, filepath.Dir(m))
		if err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, filepath.ToSlash(rel))
	}
	sort.Strings(dirs)
	if len(dirs) == 0 {
		t.Fatal("no examples/*/*/expected.txt found")
	}
	return dirs
}

// TestExamples runs `faultline lint --no-color` on every example and
// compares stdout with expected.txt and the exit code with expected.exit.
func TestExamples(t *testing.T) {
	root := repoRoot(t)
	for _, dir := range examples(t, root) {
		t.Run(strings.TrimPrefix(dir, "examples/"), func(t *testing.T) {
			stdout, stderr, code := runCLI(t, root, "lint", "--no-color", dir)
			txtPath := filepath.Join(root, filepath.FromSlash(dir), "expected.txt")
			exitPath := filepath.Join(root, filepath.FromSlash(dir), "expected.exit")
			if *update {
				if err := os.WriteFile(txtPath, []byte(stdout), 0o644); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(exitPath, []byte(strconv.Itoa(code)+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if stderr != "" {
				t.Errorf("faultline lint %s wrote to stderr:\n%s", dir, stderr)
			}
			want, err := os.ReadFile(txtPath)
			if err != nil {
				t.Fatal(err)
			}
			if stdout != string(want) {
				t.Errorf("faultline lint --no-color %s: output differs from %s/expected.txt (rerun with -update if the change is intended)\n%s",
					dir, dir, firstDifference(string(want), stdout))
			}
			rawExit, err := os.ReadFile(exitPath)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			wantCode, err := strconv.Atoi(strings.TrimSpace(string(rawExit)))
			if err != nil {
				t.Fatalf("%s/expected.exit: %v", dir, err)
			}
			if code != wantCode {
				t.Errorf("faultline lint --no-color %s: exit code %d, want %d (expected.exit)", dir, code, wantCode)
			}
		})
	}
}

// firstDifference describes the first line where got differs from want.
func firstDifference(want, got string) string {
	w := strings.Split(want, "\n")
	g := strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if i >= len(w) || i >= len(g) || wl != gl {
			return fmt.Sprintf("first difference at line %d:\n  want: %q\n  got:  %q", i+1, wl, gl)
		}
	}
	return "outputs differ"
}

// TestStytchExample checks what the bundled example is about, independent
// of the exact wording: the broken repository shares the node role, the
// instance profile and the security group between node groups and
// Karpenter; the fixed one shares nothing.
func TestStytchExample(t *testing.T) {
	root := repoRoot(t)

	t.Run("broken", func(t *testing.T) {
		const dir = "examples/stytch-2023/broken"
		stdout, stderr, code := runCLI(t, root, "lint", "--no-color", dir)
		if code != exitFindings {
			t.Errorf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", code, exitFindings, stdout, stderr)
		}
		for _, id := range []string{"FL101", "FL102", "FL103"} {
			if !strings.Contains(stdout, id) {
				t.Errorf("output does not mention %s:\n%s", id, stdout)
			}
		}

		stdout, stderr, code = runCLI(t, root, "lint", "--format", "json", dir)
		if code != exitFindings {
			t.Fatalf("--format json: exit code %d, want %d\nstderr:\n%s", code, exitFindings, stderr)
		}
		var report struct {
			Findings []struct {
				Rule     string `json:"rule"`
				Location struct {
					File string `json:"file"`
				} `json:"location"`
			} `json:"findings"`
		}
		if err := json.Unmarshal([]byte(stdout), &report); err != nil {
			t.Fatalf("--format json: %v\n%s", err, stdout)
		}
		rules := map[string]bool{}
		for _, f := range report.Findings {
			rules[f.Rule] = true
			if !strings.HasPrefix(f.Location.File, dir+"/") {
				t.Errorf("%s finding at %q, want a path under %s relative to the working directory", f.Rule, f.Location.File, dir)
			}
		}
		for _, id := range []string{"FL101", "FL102", "FL103"} {
			if !rules[id] {
				t.Errorf("--format json: no %s finding", id)
			}
		}
	})

	t.Run("fixed", func(t *testing.T) {
		const dir = "examples/stytch-2023/fixed"
		stdout, stderr, code := runCLI(t, root, "lint", "--no-color", dir)
		if code != exitOK {
			t.Errorf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", code, exitOK, stdout, stderr)
		}
		if !strings.Contains(stdout, "no problems found") {
			t.Errorf("output does not say \"no problems found\":\n%s", stdout)
		}
	})
}

// TestReadmeSampleIsReal keeps the README's sample output equal to the
// first finding of the broken example's real output.
func TestReadmeSampleIsReal(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	expected, err := os.ReadFile(filepath.Join("..", "..", "examples", "stytch-2023", "broken", "expected.txt"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(readme)
	i := strings.Index(s, "Sample output")
	if i < 0 {
		t.Fatal("README has no sample output")
	}
	block := s[i:]
	block = block[strings.Index(block, "```\n")+4:]
	block = block[:strings.Index(block, "\n```")]
	first := strings.SplitN(string(expected), "\n\n", 2)[0]
	if !strings.HasPrefix(block, first+"\n") {
		t.Error("README sample output differs from examples/stytch-2023/broken/expected.txt; paste the first finding again")
	}
	for _, line := range strings.Split(strings.TrimSpace(string(expected)), "\n") {
		if (strings.HasPrefix(line, "faultline:") || strings.HasPrefix(line, "coverage:")) && !strings.Contains(block, line) {
			t.Errorf("README sample lacks the summary line %q", line)
		}
	}
}

// TestRepositoryLintsClean: `faultline lint .` at this repository's top
// level, as a user who clones it would run it, reads its root
// .faultline.hcl and finds nothing (the example platforms and the module
// stand-ins are excluded there, and are still read when named, as
// TestExamples does).
func TestRepositoryLintsClean(t *testing.T) {
	out, stderr, code := runCLI(t, repoRoot(t), "lint", "--no-color", ".")
	if code != exitOK || !strings.Contains(out, "faultline: no problems found") {
		t.Errorf("exit %d\n%s%s", code, out, stderr)
	}
}

// TestJSONDocExample keeps docs/usage.md's JSON example equal to the real
// output it shows: the FL101 finding of examples/stytch-2023/broken (rule,
// name, severity, location and fingerprint exactly; message and hint up
// to their "…"; each related entry one of the real ones) and the summary.
func TestJSONDocExample(t *testing.T) {
	root := repoRoot(t)
	page, err := os.ReadFile(filepath.Join(root, "docs", "usage.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(page), "## JSON output")
	_, block, ok2 := strings.Cut(after, "```json\n")
	block, _, ok3 := strings.Cut(block, "```")
	if !ok || !ok2 || !ok3 {
		t.Fatal("docs/usage.md has no JSON example under ## JSON output")
	}
	type location struct {
		File                             string
		Line, Column, EndLine, EndColumn int
		Message                          string
	}
	type report struct {
		Findings []struct {
			Rule, Name, Severity, Message, Hint, Fingerprint string
			Location                                         location
			Related                                          []location
		}
		Summary map[string]any
	}
	var doc, real report
	if err := json.Unmarshal([]byte(block), &doc); err != nil || len(doc.Findings) != 1 {
		t.Fatalf("the example does not parse as one finding: %v", err)
	}
	out, stderr, _ := runCLI(t, root, "lint", "--format", "json", "examples/stytch-2023/broken")
	if err := json.Unmarshal([]byte(out), &real); err != nil {
		t.Fatalf("real output: %v\n%s", err, stderr)
	}
	want := doc.Findings[0]
	found := false
	for _, f := range real.Findings {
		if f.Rule != want.Rule || f.Location != want.Location {
			continue
		}
		found = true
		if f.Name != want.Name || f.Severity != want.Severity || f.Fingerprint != want.Fingerprint {
			t.Errorf("name/severity/fingerprint %s/%s/%s, the doc says %s/%s/%s", f.Name, f.Severity, f.Fingerprint, want.Name, want.Severity, want.Fingerprint)
		}
		for _, pair := range [][2]string{{f.Message, want.Message}, {f.Hint, want.Hint}} {
			if !strings.HasPrefix(pair[0], strings.TrimSuffix(strings.TrimSuffix(pair[1], "…"), " ")) {
				t.Errorf("the doc's %q is not how the real text starts: %q", pair[1], pair[0])
			}
		}
		for _, r := range want.Related {
			if !slices.Contains(f.Related, r) {
				t.Errorf("related %+v is not among the real ones %+v", r, f.Related)
			}
		}
	}
	if !found {
		t.Errorf("no %s finding at %+v in the real output", want.Rule, want.Location)
	}
	if !reflect.DeepEqual(doc.Summary, real.Summary) {
		t.Errorf("summary %v, the doc says %v", real.Summary, doc.Summary)
	}
}
