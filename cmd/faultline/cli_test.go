package main

import (
	"bytes"
	"encoding/json"
	"io"
	"log"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/cache"
)

// run executes the CLI in-process in dir and returns exit code and output.
// testEnv is the environment a test's command sees: env, and a result
// cache of its own (FAULTLINE_CACHE_DIR) unless env names one — a test
// never writes into the user's cache directory.
func testEnv(t *testing.T, env map[string]string) func(string) string {
	t.Helper()
	dir := t.TempDir()
	return func(k string) string {
		if v, ok := env[k]; ok {
			return v
		}
		if k == cache.DirEnv {
			return dir
		}
		return ""
	}
}

func run(t *testing.T, dir string, env map[string]string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	c := New(&out, &errb)
	c.Cwd = dir
	c.Getenv = testEnv(t, env)
	c.IsTerminal = func(io.Writer) bool { return env["TTY"] == "1" }
	code := c.Run(args)
	return code, out.String(), errb.String()
}

func fixture(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, c := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

var shared = map[string]string{
	"infra/main.tf": `variable "cluster" {
  default = "prod"
}

resource "aws_iam_role" "nodes" {
  name               = "${var.cluster}-nodes"
  assume_role_policy = "{}"
}

resource "aws_eks_node_group" "system" {
  cluster_name    = var.cluster
  node_group_name = "system"
  node_role_arn   = aws_iam_role.nodes.arn
}
`,
	"k8s/nodeclass.yaml": `apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata:
  name: default
spec:
  role: prod-nodes
  amiSelectorTerms:
    - alias: al2023@latest
`,
}

func TestExitCodes(t *testing.T) {
	dir := fixture(t, shared)
	cases := []struct {
		name string
		args []string
		code int
		err  string
	}{
		{"finding", []string{"lint", "."}, 1, ""},
		{"fail-on never", []string{"lint", "--fail-on", "never", "."}, 0, ""},
		{"disabled rule", []string{"lint", "--disable", "shared-node-role", "."}, 0, ""},
		{"enable other rule", []string{"lint", "--enable", "FL103", "."}, 0, ""},
		{"var changes identity", []string{"lint", "--var", "cluster=staging", "."}, 0, ""},
		{"missing path", []string{"lint", "nope"}, 2, "path nope"},
		{"bad flag", []string{"lint", "--bogus"}, 2, "unknown flag"},
		{"bad fail-on", []string{"lint", "--fail-on", "sometimes", "."}, 2, "--fail-on"},
		{"unknown rule", []string{"lint", "--disable", "FL999", "."}, 2, "unknown rule"},
		{"bad var", []string{"lint", "--var", "novalue", "."}, 2, "NAME=VALUE"},
		{"missing var file", []string{"lint", "--var-file", "missing.tfvars", "."}, 2, "--var-file"},
		{"missing config", []string{"lint", "--config", "missing.hcl", "."}, 2, "--config"},
		{"bad format", []string{"lint", "--format", "xml", "."}, 2, "unknown format"},
		{"explain unknown", []string{"explain", "FL999"}, 2, "unknown rule"},
	}
	for _, c := range cases {
		code, _, stderr := run(t, dir, nil, c.args...)
		if code != c.code {
			t.Errorf("%s: exit %d, want %d (%s)", c.name, code, c.code, stderr)
		}
		if c.err != "" && !strings.Contains(stderr, c.err) {
			t.Errorf("%s: stderr %q lacks %q", c.name, stderr, c.err)
		}
	}
}

func TestBadVarFileAndConfigShape(t *testing.T) {
	dir := fixture(t, map[string]string{
		"main.tf":        "variable \"x\" {}\n",
		"bad.tfvars":     "x = \n",
		".faultline.hcl": "rule \"FL101\" {\n  bogus = true\n}\n",
	})
	code, _, stderr := run(t, dir, nil, "lint", "--var-file", "bad.tfvars", "--config", "other.hcl", ".")
	if code != 2 || !strings.Contains(stderr, "bad.tfvars") {
		t.Errorf("bad var file: exit %d, %s", code, stderr)
	}
	code, _, stderr = run(t, dir, nil, "lint", ".")
	if code != 2 || !strings.Contains(stderr, ".faultline.hcl:2") || !strings.Contains(stderr, "bogus") {
		t.Errorf("bad config: exit %d, %s", code, stderr)
	}
}

func TestJSONContract(t *testing.T) {
	dir := fixture(t, shared)
	code, out, _ := run(t, dir, nil, "lint", "--format", "json", ".")
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	var doc struct {
		Version  int `json:"version"`
		Findings []struct {
			Rule     string `json:"rule"`
			Name     string `json:"name"`
			Severity string `json:"severity"`
			Message  string `json:"message"`
			Location struct {
				File                             string
				Line, Column, EndLine, EndColumn int
			} `json:"location"`
			Related []struct {
				File    string `json:"file"`
				Line    int    `json:"line"`
				Message string `json:"message"`
			} `json:"related"`
			Chain       []string `json:"chain"`
			Hint        string   `json:"hint"`
			Fingerprint string   `json:"fingerprint"`
		} `json:"findings"`
		Summary struct {
			Errors, Warnings, Notices, Files int
			Coverage                         map[string]int
		} `json:"summary"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if doc.Version != 1 || len(doc.Findings) != 1 || doc.Summary.Errors != 1 || doc.Summary.Files != 2 {
		t.Fatalf("unexpected document: %s", out)
	}
	f := doc.Findings[0]
	if f.Rule != "FL101" || f.Name != "shared-node-role" || f.Severity != "error" || f.Location.File != "k8s/nodeclass.yaml" ||
		f.Location.Line != 6 || f.Location.Column != 9 || f.Location.EndColumn != 19 || len(f.Chain) < 3 || f.Hint == "" || f.Fingerprint == "" {
		t.Errorf("finding = %+v", f)
	}
	var relFiles []string
	for _, r := range f.Related {
		relFiles = append(relFiles, r.File+":"+itoa(r.Line))
	}
	if strings.Join(relFiles, ",") != "infra/main.tf:13,infra/main.tf:6" {
		t.Errorf("related = %v", relFiles)
	}
	if _, ok := doc.Summary.Coverage["unresolved"]; !ok {
		t.Error("summary lacks coverage")
	}
}

func itoa(n int) string { return strings.TrimSpace(strings.Repeat(" ", 0) + fmtInt(n)) }

func fmtInt(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func TestTextOutputAndColor(t *testing.T) {
	dir := fixture(t, shared)
	_, plain, _ := run(t, dir, map[string]string{"TTY": "1", "NO_COLOR": "1"}, "lint", ".")
	for _, want := range []string{"error[FL101] shared-node-role", "--> k8s/nodeclass.yaml:6:9", "role: prod-nodes", "^^^^^^^^^^", "related: infra/main.tf:13:3", "chain:", "hint:", "1 error"} {
		if !strings.Contains(plain, want) {
			t.Errorf("text output lacks %q:\n%s", want, plain)
		}
	}
	if strings.Contains(plain, "\x1b[") {
		t.Error("NO_COLOR must disable color")
	}
	_, colored, _ := run(t, dir, map[string]string{"TTY": "1"}, "lint", ".")
	if !strings.Contains(colored, "\x1b[") {
		t.Error("a terminal gets color")
	}
	_, piped, _ := run(t, dir, nil, "lint", ".")
	if strings.Contains(piped, "\x1b[") {
		t.Error("a non-terminal gets no color")
	}
	_, quiet, _ := run(t, dir, nil, "lint", "--quiet", ".")
	if strings.Contains(quiet, "faultline:") || !strings.Contains(quiet, "FL101") {
		t.Errorf("--quiet prints findings only:\n%s", quiet)
	}
}

func TestOutputFlagWritesMoreFormats(t *testing.T) {
	dir := fixture(t, shared)
	code, _, stderr := run(t, dir, nil, "lint", "--output", "json=out.json", ".")
	if code != 1 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b, err := os.ReadFile(filepath.Join(dir, "out.json"))
	if err != nil || !json.Valid(b) || !bytes.Contains(b, []byte(`"FL101"`)) {
		t.Errorf("out.json = %s, %v", b, err)
	}
}

func TestFileArgumentsReportTouchingChains(t *testing.T) {
	files := map[string]string{".git/HEAD": "ref: refs/heads/main\n", "docs/notes.yaml": "a: b\n"}
	for k, v := range shared {
		files[k] = v
	}
	dir := fixture(t, files)
	// The role's declaration is related to the finding: touching it reports the chain.
	if code, out, _ := run(t, dir, nil, "lint", "infra/main.tf"); code != 1 || !strings.Contains(out, "FL101") {
		t.Errorf("touching file: exit %d\n%s", code, out)
	}
	if code, out, _ := run(t, dir, nil, "lint", "docs/notes.yaml"); code != 0 || strings.Contains(out, "FL101") {
		t.Errorf("unrelated file: exit %d\n%s", code, out)
	}
}

func TestRulesExplainVersion(t *testing.T) {
	_, out, _ := run(t, t.TempDir(), nil, "rules")
	for _, want := range []string{"ID", "FL000", "FL101", "shared-node-role", "error", "FL103", "notice"} {
		if !strings.Contains(out, want) {
			t.Errorf("rules lacks %q:\n%s", want, out)
		}
	}
	_, out, _ = run(t, t.TempDir(), nil, "explain", "shared-instance-profile")
	if !strings.Contains(out, "FL102 shared-instance-profile") || !strings.Contains(out, "## How to fix") {
		t.Errorf("explain:\n%s", out)
	}
	_, out, _ = run(t, t.TempDir(), nil, "version")
	if !strings.HasPrefix(out, "faultline ") {
		t.Errorf("version: %q", out)
	}
}

// TestNoInputIsLoud: a directory with nothing faultline reads (empty, or
// a mistyped path into the wrong tree) passes, but says so on stderr, and
// as a warning annotation in the github format.
func TestNoInputIsLoud(t *testing.T) {
	dir := fixture(t, map[string]string{"docs/README.md": "# nothing to lint\n"})
	code, out, stderr := run(t, dir, nil, "lint", "docs")
	if code != 0 || !strings.Contains(stderr, "faultline: warning: no input found under docs:") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
	_, out, _ = run(t, dir, nil, "lint", "--format", "github", "docs")
	if !strings.Contains(out, "::warning title=faultline::no input found under docs:") {
		t.Errorf("github format: no warning annotation:\n%s", out)
	}
	if err := os.WriteFile(filepath.Join(dir, "docs", "sa.yaml"), []byte("apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, stderr := run(t, dir, nil, "lint", "docs"); strings.Contains(stderr, "no input found") {
		t.Errorf("warned with an input read:\n%s", stderr)
	}
}

func TestBaseline(t *testing.T) {
	dir := fixture(t, shared)
	// Writing a baseline is the adoption step: exit 0 once it is written
	// (an adoption script under set -e goes on).
	if code, _, stderr := run(t, dir, nil, "lint", "--write-baseline", "baseline.json", "."); code != 0 {
		t.Fatalf("write: exit %d %s", code, stderr)
	}
	if code, _, _ := run(t, dir, nil, "lint", "."); code != 1 {
		t.Fatalf("the fixture has no finding to baseline: exit %d", code)
	}
	// Lines move: the baselined finding is still recognised.
	nc := filepath.Join(dir, "k8s", "nodeclass.yaml")
	b, _ := os.ReadFile(nc)
	if err := os.WriteFile(nc, append([]byte("# moved down\n# by two lines\n"), b...), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := run(t, dir, nil, "lint", "--baseline", "baseline.json", ".")
	if code != 0 || strings.Contains(out, "FL101") || !strings.Contains(stderr, "1 findings already in the baseline") {
		t.Errorf("baseline: exit %d\n%s\n%s", code, out, stderr)
	}
	if strings.Contains(stderr, "match no finding") {
		t.Errorf("a baseline whose entries all match warned: %s", stderr)
	}
	// Run from another directory, the entries match nothing: the run
	// says so instead of re-reporting silently.
	code, _, stderr = run(t, filepath.Join(dir, "k8s"), nil, "lint", "--baseline", "../baseline.json", "..")
	if code != 1 || !strings.Contains(stderr, "warning: 1 of the 1 entries of the baseline ../baseline.json match no finding of this run") {
		t.Errorf("baseline from another directory: exit %d\n%s", code, stderr)
	}
	if err := os.WriteFile(filepath.Join(dir, "bad.json"), []byte(`{"findings": 3}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := run(t, dir, nil, "lint", "--baseline", "bad.json", "."); code != 2 || !strings.Contains(stderr, "--baseline bad.json") {
		t.Errorf("bad baseline: exit %d %s", code, stderr)
	}
	if code, _, _ := run(t, dir, nil, "lint", "--baseline", "missing.json", "."); code != 2 {
		t.Errorf("missing baseline: exit %d", code)
	}
}

// --verbose lists every module call once, with how it resolved: from the
// module cache, a local path, a built-in model, or unknown.
func TestVerboseListsModuleCalls(t *testing.T) {
	dir := fixture(t, map[string]string{
		"main.tf": `
module "nodes" {
  source  = "acme/nodes/aws"
  version = "~> 1.0"
}
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 20.0"
}
module "dns" {
  source = "git::https://example.com/dns.git?ref=v2"
}
module "pinned" {
  source  = "terraform-aws-modules/eks/aws"
  version = "19.21.0"
}
`,
		".terraform/modules/modules.json":       `{"Modules":[{"Key":"","Source":"","Dir":"."},{"Key":"nodes","Source":"registry.terraform.io/acme/nodes/aws","Version":"1.0.3","Dir":".terraform/modules/nodes"},{"Key":"nodes.tags","Source":"./tags","Dir":".terraform/modules/nodes/tags"}]}`,
		".terraform/modules/nodes/main.tf":      "module \"tags\" {\n  source = \"./tags\"\n}\n",
		".terraform/modules/nodes/tags/main.tf": "output \"team\" { value = \"core\" }\n",
	})
	_, _, stderr := run(t, dir, nil, "lint", "--verbose", ".")
	for _, want := range []string{
		"module call: main.tf:3:13 module.nodes (acme/nodes/aws 1.0.3): cached from .terraform/modules/nodes\n",
		"module call: .terraform/modules/nodes/main.tf:2:12 module.nodes.module.tags (./tags): local from .terraform/modules/nodes/tags\n",
		"module call: main.tf:7:13 module.eks (terraform-aws-modules/eks/aws ~> 20.0): modelled as terraform-aws-modules/eks/aws v20.29.0 and later v20.x (assumed: the constraint ~> 20.0 allows versions that model differently)\n",
		"module call: main.tf:14:13 module.pinned (terraform-aws-modules/eks/aws 19.21.0): modelled as terraform-aws-modules/eks/aws v19.21.0 (the only modelled version the constraint allows)\n",
		"module call: main.tf:11:12 module.dns (git::https://example.com/dns.git?ref=v2): unknown\n",
	} {
		if strings.Count(stderr, want) != 1 {
			t.Errorf("verbose output lacks (once) %q:\n%s", want, stderr)
		}
	}
}

// --verbose ends with one line per stage of the run, in pipeline order,
// the command's report stage last; without it no stage line is printed.
func TestVerbosePrintsStages(t *testing.T) {
	dir := fixture(t, map[string]string{
		"main.tf":    "resource \"aws_iam_role\" \"r\" {\n  name = \"r\"\n}\n",
		"k8s/a.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n",
	})
	_, _, stderr := run(t, dir, nil, "lint", "--verbose", ".")
	var names []string
	for _, l := range strings.Split(stderr, "\n") {
		if f := strings.Fields(l); len(f) > 1 && f[0] == "stage" {
			names = append(names, f[1])
		}
	}
	// The first run over a new tree looks the result cache up (stage
	// cache), misses, and runs every stage.
	want := "cache discover terraform embedded kustomize manifests helm compositions join rules report"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("stages %q, want %q:\n%s", got, want, stderr)
	}
	for _, l := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(l, "stage ") && (!strings.Contains(l, " cpu ") || !strings.Contains(l, " cores ")) {
			t.Errorf("a stage line without its CPU time and cores: %q", l)
		}
	}
	if !strings.Contains(stderr, "stage manifests") || !strings.Contains(stderr, " 1 files\n") {
		t.Errorf("the manifests stage does not say it read one file:\n%s", stderr)
	}
	if _, _, quiet := run(t, dir, nil, "lint", "."); strings.Contains(quiet, "stage ") {
		t.Errorf("stage lines without --verbose:\n%s", quiet)
	}
}

// TestLibraryLogsSilenced: kustomize's api logs a kustomization's vars
// that nothing replaces to the standard logger; a run prints nothing of
// it (it would land on stderr with a timestamp, even with --quiet), and
// the logger is given back as it was.
func TestLibraryLogsSilenced(t *testing.T) {
	dir := fixture(t, map[string]string{
		"app/kustomization.yaml": "resources:\n  - cm.yaml\nvars:\n  - name: UNUSED\n    objref:\n      kind: ConfigMap\n      name: settings\n      apiVersion: v1\n    fieldref:\n      fieldpath: data.mode\n",
		"app/cm.yaml":            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  mode: strict\n",
	})
	var logged bytes.Buffer
	prev := log.Writer()
	log.SetOutput(&logged)
	defer log.SetOutput(prev)
	code, _, stderr := run(t, dir, nil, "lint", "--no-cache", "--quiet", "--format", "compact", ".")
	if code != exitOK || logged.Len() > 0 || strings.Contains(stderr, "never replaced") {
		t.Errorf("code %d, logged %q, stderr %q", code, logged.String(), stderr)
	}
	if log.Writer() != &logged {
		t.Errorf("the standard logger was not given back")
	}
}
