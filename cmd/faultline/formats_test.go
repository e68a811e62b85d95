package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/rules"
)

// sharedMessage is the finding the shared fixture gives.
const sharedMessage = `IAM role "prod-nodes" (aws_iam_role.nodes) is used by Karpenter EC2NodeClass default and also by managed node group aws_eks_node_group.system`

func TestCompactFormat(t *testing.T) {
	dir := fixture(t, shared)
	// A terminal does not color the compact format, and no summary follows.
	code, stdout, stderr := run(t, dir, map[string]string{"TTY": "1"}, "lint", "--format", "compact", ".")
	want := "k8s/nodeclass.yaml:6:9: error FL101 shared-node-role: " + sharedMessage + "\n"
	if code != 1 || stdout != want || stderr != "" {
		t.Errorf("exit %d\nstdout:\n%s\nwant:\n%s\nstderr:\n%s", code, stdout, want, stderr)
	}
	code, stdout, _ = run(t, dir, nil, "lint", "--format", "compact", "--disable", "FL101", ".")
	if code != 0 || stdout != "" {
		t.Errorf("a clean run prints nothing in the compact format: exit %d, %q", code, stdout)
	}
}

func TestGitLabFormat(t *testing.T) {
	dir := fixture(t, shared)
	code, stdout, stderr := run(t, dir, nil, "lint", "--format", "gitlab", "--output", "json=out.json", "--output", "gitlab=gl-code-quality-report.json", ".")
	want := `[
  {
    "description": "FL101 shared-node-role: IAM role \"prod-nodes\" (aws_iam_role.nodes) is used by Karpenter EC2NodeClass default and also by managed node group aws_eks_node_group.system",
    "check_name": "FL101",
    "fingerprint": "a6c747db7f63f39e",
    "severity": "critical",
    "location": {
      "path": "k8s/nodeclass.yaml",
      "lines": {
        "begin": 6
      }
    }
  }
]
`
	if code != 1 || stdout != want || stderr != "" {
		t.Errorf("exit %d\nstdout:\n%s\nwant:\n%s\nstderr:\n%s", code, stdout, want, stderr)
	}
	file, err := os.ReadFile(filepath.Join(dir, "gl-code-quality-report.json"))
	if err != nil || string(file) != stdout {
		t.Errorf("--output gitlab=FILE wrote %q, %v; want what stdout got", file, err)
	}
	// The fingerprint is the finding's, as JSON, SARIF and baselines have it.
	var js struct {
		Findings []struct{ Fingerprint string }
	}
	if b, err := os.ReadFile(filepath.Join(dir, "out.json")); err != nil || json.Unmarshal(b, &js) != nil || len(js.Findings) != 1 {
		t.Fatalf("out.json: %v", err)
	}
	if fp := js.Findings[0].Fingerprint; !strings.Contains(stdout, `"fingerprint": "`+fp+`"`) {
		t.Errorf("gitlab fingerprint is not the finding's %s", fp)
	}
}

func TestVersionFlag(t *testing.T) {
	_, version, _ := run(t, t.TempDir(), nil, "version")
	code, flag, stderr := run(t, t.TempDir(), nil, "--version")
	if code != 0 || flag != version || !strings.HasPrefix(flag, "faultline ") || stderr != "" {
		t.Errorf("--version: exit %d, %q (version prints %q), stderr %q", code, flag, version, stderr)
	}
}

func TestFlagErrorsPointAtHelp(t *testing.T) {
	dir := fixture(t, shared)
	cases := []struct {
		args    []string
		err     string
		pointer string // "" when the error is not a flag's
	}{
		{[]string{"lint", "--bogus"}, "unknown flag: --bogus", "faultline lint"},
		{[]string{"lint", "--format", "xml", "."}, `--format: unknown format "xml"`, "faultline lint"},
		{[]string{"lint", "--output", "sarif", "."}, `--output "sarif": want FORMAT=FILE`, "faultline lint"},
		{[]string{"lint", "--output", "yaml=x.yaml", "."}, `unknown format "yaml"`, "faultline lint"},
		{[]string{"lint", "--fail-on", "sometimes", "."}, "--fail-on", "faultline lint"},
		{[]string{"lint", "--color", "rainbow", "."}, `--color "rainbow": want auto, always or never`, "faultline lint"},
		{[]string{"lint", "--color", "always", "--no-color", "."}, "disagree", "faultline lint"},
		{[]string{"graph", "--bogus"}, "unknown flag: --bogus", "faultline graph"},
		{[]string{"graph", "--output", "svg=x.svg", "."}, `unknown format "svg"`, "faultline graph"},
		{[]string{"rules", "--format", "yaml"}, `--format "yaml": want text, json`, "faultline rules"},
		{[]string{"lint", "nope"}, "path nope", ""},
	}
	for _, c := range cases {
		code, _, stderr := run(t, dir, nil, c.args...)
		if code != exitError || !strings.Contains(stderr, c.err) {
			t.Errorf("%v: exit %d, stderr %q lacks %q", c.args, code, stderr, c.err)
		}
		pointer := "Run '" + c.pointer + " --help' for usage.\n"
		if got := strings.HasSuffix(stderr, pointer); got != (c.pointer != "") {
			t.Errorf("%v: stderr %q, pointer %q wanted: %v", c.args, stderr, pointer, c.pointer != "")
		}
	}
}

func TestRulesJSON(t *testing.T) {
	code, stdout, _ := run(t, t.TempDir(), nil, "rules", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	dec := json.NewDecoder(strings.NewReader(stdout))
	dec.DisallowUnknownFields()
	var list ruleList
	if err := dec.Decode(&list); err != nil {
		t.Fatal(err)
	}
	if list.Version != 1 || len(list.Rules) != len(rules.All) {
		t.Fatalf("version %d, %d rules, want 1 and %d", list.Version, len(list.Rules), len(rules.All))
	}
	for i, r := range rules.All {
		got := list.Rules[i]
		want := ruleInfo{ID: r.ID, Name: r.Name, Severity: r.Severity.String(), Summary: r.Summary, Since: r.Since, DocURL: lint.RuleDocURL(r.ID, r.Name)}
		if got != want || got.DocURL == "" || got.Since == "" {
			t.Errorf("rule %d: %+v, want %+v", i, got, want)
		}
	}
	if first := list.Rules[0]; first.ID != "FL000" || first.Name != "invalid-input" || first.Severity != "error" ||
		first.DocURL != "https://github.com/faultline-dev/faultline/blob/main/docs/rules/FL000.md" {
		t.Errorf("first rule %+v", first)
	}
	_, text, _ := run(t, t.TempDir(), nil, "rules", "--format", "text")
	_, plain, _ := run(t, t.TempDir(), nil, "rules")
	if text != plain || !strings.HasPrefix(text, "ID ") {
		t.Errorf("rules --format text differs from rules:\n%s", text)
	}
}

func TestColorFlag(t *testing.T) {
	dir := fixture(t, shared)
	cases := []struct {
		args  []string
		env   map[string]string
		color bool
	}{
		{nil, nil, false},
		{nil, map[string]string{"TTY": "1"}, true},
		{nil, map[string]string{"TTY": "1", "NO_COLOR": "1"}, false},
		{nil, map[string]string{"FORCE_COLOR": "1"}, true},
		{nil, map[string]string{"FORCE_COLOR": "0"}, false},
		{nil, map[string]string{"FORCE_COLOR": "false", "TTY": "1"}, true},
		{nil, map[string]string{"FORCE_COLOR": "1", "NO_COLOR": "1"}, false},
		{[]string{"--no-color"}, map[string]string{"TTY": "1", "FORCE_COLOR": "1"}, false},
		{[]string{"--color", "never"}, map[string]string{"TTY": "1", "FORCE_COLOR": "1"}, false},
		{[]string{"--color", "always"}, map[string]string{"NO_COLOR": "1"}, true},
		{[]string{"--color", "always"}, nil, true},
		{[]string{"--color", "auto"}, map[string]string{"TTY": "1"}, true},
		{[]string{"--color=never", "--no-color"}, nil, false},
	}
	for _, c := range cases {
		args := append(append([]string{"lint"}, c.args...), ".")
		code, stdout, stderr := run(t, dir, c.env, args...)
		if code != 1 {
			t.Errorf("%v %v: exit %d: %s", c.args, c.env, code, stderr)
		}
		if got := strings.Contains(stdout, "\x1b["); got != c.color {
			t.Errorf("%v %v: color %v, want %v", c.args, c.env, got, c.color)
		}
	}
	// Color is for the text format only.
	_, stdout, _ := run(t, dir, nil, "lint", "--color", "always", "--format", "json", ".")
	if strings.Contains(stdout, "\x1b[") {
		t.Error("--color always colored the JSON format")
	}
}

func TestGraphOutput(t *testing.T) {
	dir := fixture(t, shared)
	_, mermaid, _ := run(t, dir, nil, "graph", ".")
	_, dot, _ := run(t, dir, nil, "graph", "--format", "dot", ".")
	if !strings.Contains(mermaid, "flowchart") || !strings.HasPrefix(dot, "digraph") {
		t.Fatalf("graph output:\n%s\n%s", mermaid, dot)
	}
	// FORMAT=FILE writes more formats, and standard output still gets
	// --format, as lint's --output does.
	code, stdout, stderr := run(t, dir, nil, "graph", "--output", "dot=g.dot", "--output", "MERMAID=g.mmd", ".")
	if code != 0 || stdout != mermaid || stderr != "" {
		t.Errorf("graph --output FORMAT=FILE: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	for name, want := range map[string]string{"g.dot": dot, "g.mmd": mermaid} {
		if b, err := os.ReadFile(filepath.Join(dir, name)); err != nil || !bytes.Equal(b, []byte(want)) {
			t.Errorf("%s: %v\n%s", name, err, b)
		}
	}
	// A plain FILE still takes --format instead of standard output, with
	// a deprecation note.
	code, stdout, stderr = run(t, dir, nil, "graph", "--format", "dot", "--output", "plain.dot", ".")
	if code != 0 || stdout != "" || stderr != "faultline: --output FILE is deprecated: write --output dot=plain.dot (FORMAT=FILE, as lint takes it)\n" {
		t.Errorf("graph --output FILE: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "plain.dot")); err != nil || string(b) != dot {
		t.Errorf("plain.dot: %v\n%s", err, b)
	}
	if code, _, stderr := run(t, dir, nil, "graph", "--output", "a.mmd", "--output", "b.mmd", "."); code != exitError || !strings.Contains(stderr, "FORMAT=FILE") {
		t.Errorf("two plain files: exit %d, %s", code, stderr)
	}
}
