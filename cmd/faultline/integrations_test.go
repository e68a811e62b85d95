package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// The integrations: the pre-commit hooks (.pre-commit-hooks.yaml), the
// Atlantis example (examples/atlantis), the GitHub Action (action.yml,
// scripts/github-action.sh) and the project's own workflows. The hook and
// the Atlantis steps run the real binary, built once into a temporary
// directory; scripts/precommit-try-repo.sh runs the hook through
// pre-commit itself.

// buildFaultline builds cmd/faultline, and cmd/faultline-render beside
// it, into a temporary directory.
func buildFaultline(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: builds the faultline binary")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go is not on PATH")
	}
	bin, err := buildBinaries(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// buildBinaries builds faultline and faultline-render into dir and
// returns faultline's path.
func buildBinaries(dir string) (string, error) {
	for _, pkg := range []string{".", "../" + renderName} {
		// As the release builds them (.goreleaser.yaml): without cgo. A
		// cgo build reserves about 2 GiB of address space at GOMAXPROCS=8
		// before it does anything, so the 2 GiB cases of the hostile
		// suite ran out of memory on one run in four.
		cmd := exec.Command("go", "build", "-buildvcs=false", "-o", dir+string(filepath.Separator), pkg)
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		out, err := cmd.CombinedOutput()
		if err != nil {
			return "", fmt.Errorf("go build %s: %v\n%s", pkg, err, out)
		}
	}
	return filepath.Join(dir, "faultline"), nil
}

// copyBinaries copies faultline and the faultline-render beside it into
// dir, under faultline's name there.
func copyBinaries(t *testing.T, bin, dir, name string) {
	t.Helper()
	copyExec(t, bin, filepath.Join(dir, name))
	copyExec(t, filepath.Join(filepath.Dir(bin), renderName), filepath.Join(dir, renderName))
}

// needTool skips a test whose tool is optional and not installed.
func needTool(t *testing.T, name string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		t.Skipf("%s is not installed", name)
	}
}

// requireTool fails a test whose tool is part of the test environment
// (git and bash, here and in CI): a missing one must not pass as a skip.
func requireTool(t *testing.T, name string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		t.Fatalf("%s is part of the test environment but is not on PATH", name)
	}
}

// gitIn runs git with the user's configuration kept out.
func gitIn(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=faultline", "GIT_AUTHOR_EMAIL=test@example.invalid",
		"GIT_COMMITTER_NAME=faultline", "GIT_COMMITTER_EMAIL=test@example.invalid")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// copyTree copies a directory (regular files and directories only).
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func writeFileT(t *testing.T, path, content string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
}

// run runs a command and returns stdout, stderr and the exit code.
func runCmd(t *testing.T, cmd *exec.Cmd) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		return out.String(), errb.String(), ee.ExitCode()
	case err != nil:
		t.Fatalf("%s: %v", strings.Join(cmd.Args, " "), err)
	}
	return out.String(), errb.String(), 0
}

// environ is os.Environ with some variables replaced, and without
// FAULTLINE_RENDER (this test binary: TestMain), so that the binaries
// under test start the faultline-render built beside them.
func environ(set map[string]string) []string {
	var env []string
	for _, e := range os.Environ() {
		name, _, _ := strings.Cut(e, "=")
		if _, ok := set[name]; !ok && name != renderEnv {
			env = append(env, e)
		}
	}
	for k, v := range set {
		env = append(env, k+"="+v)
	}
	return env
}

// preCommitHook is a hook of .pre-commit-hooks.yaml, with pre-commit's
// defaults for what is left out.
type preCommitHook struct {
	ID            string   `yaml:"id"`
	Name          string   `yaml:"name"`
	Entry         string   `yaml:"entry"`
	Language      string   `yaml:"language"`
	Files         string   `yaml:"files"`
	Exclude       string   `yaml:"exclude"`
	Description   string   `yaml:"description"`
	Args          []string `yaml:"args"`
	PassFilenames *bool    `yaml:"pass_filenames"`
	AlwaysRun     bool     `yaml:"always_run"`
	RequireSerial bool     `yaml:"require_serial"`
	Types         []string `yaml:"types"`
	Stages        []string `yaml:"stages"`
}

// TestIntegrations runs the hook and the Atlantis example on the built
// binary.
func TestIntegrations(t *testing.T) {
	requireTool(t, "git")
	bin := buildFaultline(t)
	root := repoRoot(t)
	t.Run("pre-commit", func(t *testing.T) { testPreCommitHook(t, root, bin) })
	t.Run("atlantis", func(t *testing.T) { testAtlantis(t, root, bin) })
	t.Run("action", func(t *testing.T) { testActionScript(t, root, bin) })
}

// testActionScript runs the action's lint step with the real binary on the
// broken Stytch example: annotations ordered by severity, the Markdown
// report in the job summary, a SARIF file, and the exit code as an output.
func testActionScript(t *testing.T, root, bin string) {
	requireTool(t, "bash")
	tmp := t.TempDir()
	cmd := exec.Command("bash", filepath.Join(root, "scripts", "github-action.sh"))
	cmd.Dir = root
	cmd.Env = environ(map[string]string{
		"FAULTLINE": bin, "RUNNER_TEMP": tmp,
		"GITHUB_OUTPUT": filepath.Join(tmp, "output"), "GITHUB_STEP_SUMMARY": filepath.Join(tmp, "summary"),
		"INPUT_PATHS": "examples/stytch-2023/broken", "INPUT_FORMAT": "github", "INPUT_FAIL_ON": "error",
		"INPUT_SUMMARY": "true", "INPUT_SARIF": "true", "INPUT_CHANGED": "false", "INPUT_BASE": "", "INPUT_ARGS": "",
		"IS_FORK_PR": "false", "GITHUB_BASE_REF": "", "EVENT_BEFORE": "",
	})
	stdout, stderr, code := runCmd(t, cmd)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	var levels []string
	for _, l := range strings.Split(strings.TrimSpace(stdout), "\n") {
		level, _, _ := strings.Cut(strings.TrimPrefix(l, "::"), " ")
		levels = append(levels, level)
	}
	rank := map[string]int{"error": 0, "warning": 1, "notice": 2}
	if len(levels) == 0 || !sort.SliceIsSorted(levels, func(i, j int) bool { return rank[levels[i]] < rank[levels[j]] }) {
		t.Errorf("annotations are not errors, then warnings, then notices:\n%s", stdout)
	}
	if !strings.Contains(stdout, "::error file=examples/stytch-2023/broken/k8s/karpenter/ec2nodeclass-default.yaml,line=8") {
		t.Errorf("no FL101 annotation:\n%s", stdout)
	}
	out := readFile(t, filepath.Join(tmp, "output"))
	for _, want := range []string{"exit-code=1\n", "upload-sarif=true\n", "sarif-file=" + filepath.Join(tmp, "faultline.sarif") + "\n", "markdown-file=" + filepath.Join(tmp, "faultline.md") + "\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("GITHUB_OUTPUT lacks %q:\n%s", want, out)
		}
	}
	if summary := readFile(t, filepath.Join(tmp, "summary")); summary != readFile(t, filepath.Join(tmp, "faultline.md")) || !strings.Contains(summary, "FL101") {
		t.Errorf("the job summary is not the Markdown report:\n%s", summary)
	}
	var sarif struct {
		Version string            `json:"version"`
		Runs    []json.RawMessage `json:"runs"`
	}
	if err := json.Unmarshal([]byte(readFile(t, filepath.Join(tmp, "faultline.sarif"))), &sarif); err != nil || sarif.Version != "2.1.0" || len(sarif.Runs) != 1 {
		t.Errorf("SARIF file: version %q, %d runs, %v", sarif.Version, len(sarif.Runs), err)
	}
}

// hookIDs are the hooks of .pre-commit-hooks.yaml, in order.
var hookIDs = []string{"faultline", "faultline-system", "faultline-docker", "faultline-staged"}

// hookImage is the entry of the docker_image hook: the release image,
// whose tag is a version.
var hookImage = regexp.MustCompile(`^ghcr\.io/faultline-dev/faultline:(v[0-9]+\.[0-9]+\.[0-9]+)$`)

// testPreCommitHook checks every hook of .pre-commit-hooks.yaml and runs
// it with the built binary the way pre-commit would: the files hooks
// (faultline, faultline-system, faultline-docker) with the staged files
// that match `files` (testFilesHook), faultline-staged with none
// (testStagedHook).
func testPreCommitHook(t *testing.T, root, bin string) {
	raw, err := os.ReadFile(filepath.Join(root, ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var hooks []preCommitHook
	if err := yaml.Unmarshal(raw, &hooks); err != nil {
		t.Fatalf(".pre-commit-hooks.yaml: %v", err)
	}
	var ids []string
	byID := map[string]preCommitHook{}
	for _, h := range hooks {
		ids = append(ids, h.ID)
		byID[h.ID] = h
	}
	if strings.Join(ids, " ") != strings.Join(hookIDs, " ") {
		t.Fatalf(".pre-commit-hooks.yaml: hooks %q, want %q", ids, hookIDs)
	}
	for _, h := range hooks {
		if h.Name == "" || h.Description == "" || !h.RequireSerial {
			t.Errorf("hook %s = %+v: want a name, a description, require_serial true", h.ID, h)
		}
		entry := strings.Fields(h.Entry)
		if len(entry) < 3 || entry[len(entry)-1] != "--" || len(h.Args) > 0 {
			t.Errorf("hook %s: entry %q, args %q: the entry must end with -- and the hook take no args, so that the file names pre-commit appends are never flags", h.ID, h.Entry, h.Args)
		}
		for _, a := range entry {
			if a == "--plan" || strings.HasPrefix(a, "--plan=") || a == "--base" || strings.HasPrefix(a, "--base=") {
				t.Errorf("hook %s: entry %q: there is no plan at commit time, and the base is the staged change's", h.ID, h.Entry)
			}
		}
		if h.Language == "golang" && entry[0] == "faultline" {
			// language: golang runs `go install ./...`: the entry's
			// command is the binary of a main package.
			if _, err := os.Stat(filepath.Join(root, "cmd", entry[0], "main.go")); err != nil {
				t.Errorf("hook %s: entry command %q is not a main package under cmd/: %v", h.ID, entry[0], err)
			}
		}
	}
	golang := byID["faultline"]
	if golang.Language != "golang" {
		t.Errorf("hook faultline: language %q, want golang", golang.Language)
	}
	local := func(cmd string) func([]string) *exec.Cmd {
		return func(args []string) *exec.Cmd { return exec.Command(cmd, args...) }
	}
	t.Run("faultline", func(t *testing.T) {
		testFilesHook(t, root, golang, local(bin))
	})

	// The system hook: the same hook, with the faultline found on PATH.
	system := byID["faultline-system"]
	if system.Language != "system" {
		t.Errorf("hook faultline-system: language %q, want system", system.Language)
	}
	sameFiles := func(h preCommitHook) {
		if h.Entry != golang.Entry && h.Language != "docker_image" || h.Files != golang.Files || h.Exclude != golang.Exclude || !reflect.DeepEqual(h.PassFilenames, golang.PassFilenames) || !reflect.DeepEqual(h.Types, golang.Types) {
			t.Errorf("hook %s = %+v: want the entry, files, exclude, types and pass_filenames of hook faultline %+v", h.ID, h, golang)
		}
	}
	sameFiles(system)
	t.Run("faultline-system", func(t *testing.T) {
		path := t.TempDir()
		copyBinaries(t, bin, path, "faultline")
		t.Setenv("PATH", path+string(os.PathListSeparator)+os.Getenv("PATH"))
		found, err := exec.LookPath(strings.Fields(system.Entry)[0])
		if err != nil || filepath.Dir(found) != path {
			t.Fatalf("entry %q: found %q (%v), want the faultline on PATH", system.Entry, found, err)
		}
		testFilesHook(t, root, system, local(found))
	})

	// The docker hook: its shape only (there is no Docker daemon here),
	// then its command run as the image's entrypoint would run it.
	docker := byID["faultline-docker"]
	sameFiles(docker)
	entry := strings.Fields(docker.Entry)
	m := hookImage.FindStringSubmatch(entry[0])
	if docker.Language != "docker_image" || m == nil {
		t.Errorf("hook faultline-docker: language %q, entry %q: want docker_image and the release image ghcr.io/faultline-dev/faultline:vX.Y.Z first (its entrypoint is faultline)", docker.Language, docker.Entry)
	} else if rev := readmeRev(t, root); rev != m[1] {
		t.Errorf("hook faultline-docker: image tag %s, but the README pins rev: %s: the image follows the release", m[1], rev)
	}
	if got, want := strings.Join(entry[1:], " "), strings.Join(strings.Fields(golang.Entry)[1:], " "); got != want {
		t.Errorf("hook faultline-docker: arguments after the image %q, want those of hook faultline %q", got, want)
	}
	t.Run("faultline-docker", func(t *testing.T) {
		testFilesHook(t, root, docker, local(bin))
	})

	staged := byID["faultline-staged"]
	if staged.Language != "golang" || staged.PassFilenames == nil || *staged.PassFilenames || !staged.AlwaysRun || !contains(strings.Fields(staged.Entry), "--staged") {
		t.Errorf("hook faultline-staged = %+v: want language golang, pass_filenames false, always_run true and --staged in the entry (pre-commit passes no deleted file)", staged)
	}
	t.Run("faultline-staged", func(t *testing.T) { testStagedHook(t, root, staged, bin) })
}

// readmeRev is the `rev:` of the README's pre-commit example.
func readmeRev(t *testing.T, root string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^\s*rev: (\S+)`).FindStringSubmatch(readFile(t, filepath.Join(root, "README.md")))
	if m == nil {
		t.Fatal("README.md: no `rev:` in the pre-commit example")
	}
	return m[1]
}

// testStagedHook runs the faultline-staged hook's entry, with no file
// names, in a project whose staged change only deletes the file of a
// managed node group whose role a Karpenter EC2NodeClass uses: the files
// hooks never run on it, this one reports FL301.
func testStagedHook(t *testing.T, root string, h preCommitHook, bin string) {
	entry := strings.Fields(h.Entry)
	proj := filepath.Join(t.TempDir(), "project")
	copyTree(t, filepath.Join(root, "examples", "atlantis", "repo"), proj)
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-q", "-m", "initial")
	hookRun := func() (string, string, int) {
		cmd := exec.Command(bin, append(append([]string(nil), entry[1:]...), h.Args...)...)
		cmd.Dir = proj
		cmd.Env = environ(map[string]string{"NO_COLOR": "1"})
		return runCmd(t, cmd)
	}
	// Nothing staged: the committed chains (FL101) are not this commit's.
	if stdout, stderr, code := hookRun(); code != exitOK {
		t.Errorf("nothing staged: exit %d, want 0\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	gitIn(t, proj, "rm", "-q", "infra/node-groups.tf")
	// What a files hook would get: nothing.
	if out := gitIn(t, proj, "diff", "--staged", "--name-only", "--diff-filter=ACMRTUXB"); out != "" {
		t.Fatalf("pre-commit would pass %q", out)
	}
	stdout, stderr, code := hookRun()
	if code != exitFindings || !strings.Contains(stdout, "error[FL301] shared-role-node-group-deletion") || !strings.Contains(stdout, "k8s/karpenter/ec2nodeclass.yaml") {
		t.Errorf("node group file deleted: exit %d, want %d and FL301 at the EC2NodeClass\nstdout:\n%s\nstderr:\n%s", code, exitFindings, stdout, stderr)
	}
	gitIn(t, proj, "commit", "-q", "-m", "delete the node group")
	if stdout, stderr, code := hookRun(); code != exitOK {
		t.Errorf("after the commit: exit %d, want 0\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
}

// testFilesHook does what `pre-commit try-repo . ID` does with a hook
// that gets file names: the entry and args, then the staged files that
// match `files`, run in the repository root. command makes the command
// of the entry's arguments.
func testFilesHook(t *testing.T, root string, h preCommitHook, command func([]string) *exec.Cmd) {
	if h.PassFilenames != nil && !*h.PassFilenames {
		t.Error("pass_filenames is false: the hook must get the staged files")
	}
	entry := strings.Fields(h.Entry)
	if len(entry) < 2 || entry[1] != "lint" {
		t.Fatalf("entry %q: want `faultline lint ...` (or IMAGE lint ...)", h.Entry)
	}
	if entry[len(entry)-1] != "--" || len(h.Args) > 0 {
		t.Errorf("entry %q, args %q: the entry must end with -- and the hook take no args, so that the staged file names pre-commit appends are never flags", h.Entry, h.Args)
	}
	for _, a := range append(entry, h.Args...) {
		if a == "--plan" || a == "--changed" || a == "--staged" {
			t.Errorf("entry/args %q: pre-commit passes the files; there is no plan at commit time", a)
		}
	}
	files, err := regexp.Compile(h.Files)
	if err != nil {
		t.Fatalf("files %q: %v", h.Files, err)
	}
	var exclude *regexp.Regexp
	if h.Exclude != "" {
		if exclude, err = regexp.Compile(h.Exclude); err != nil {
			t.Fatalf("exclude %q: %v", h.Exclude, err)
		}
	}

	// A project: Terraform and a Karpenter EC2NodeClass sharing the role.
	proj := filepath.Join(t.TempDir(), "project")
	copyTree(t, filepath.Join(root, "examples", "atlantis", "repo"), proj)
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-q", "-m", "initial")

	staged := func() []string {
		// pre-commit's own list: staged, not deleted.
		out := gitIn(t, proj, "diff", "--staged", "--name-only", "--no-ext-diff", "-z", "--diff-filter=ACMRTUXB")
		var list []string
		for _, f := range strings.Split(strings.TrimRight(out, "\x00"), "\x00") {
			if f != "" && files.MatchString(f) && (exclude == nil || !exclude.MatchString(f)) {
				list = append(list, f)
			}
		}
		sort.Strings(list)
		return list
	}
	hookRun := func(files ...string) (string, string, int) {
		args := append(append(append([]string(nil), entry[1:]...), h.Args...), files...)
		cmd := command(args)
		cmd.Dir = proj
		cmd.Env = environ(map[string]string{"NO_COLOR": "1"})
		return runCmd(t, cmd)
	}

	// Staged: the node group (the far end of the FL101 chain, not where
	// the finding is anchored), an unrelated manifest, and a README the
	// hook does not read.
	writeFileT(t, filepath.Join(proj, "infra", "node-groups.tf"), readFile(t, filepath.Join(proj, "infra", "node-groups.tf"))+"\n# touched\n", 0o644)
	writeFileT(t, filepath.Join(proj, "k8s", "apps", "configmap.yaml"), "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  level: info\n", 0o644)
	writeFileT(t, filepath.Join(proj, "README.md"), "# platform\n", 0o644)
	gitIn(t, proj, "add", "infra/node-groups.tf", "k8s/apps/configmap.yaml", "README.md")
	list := staged()
	if want := []string{"infra/node-groups.tf", "k8s/apps/configmap.yaml"}; strings.Join(list, " ") != strings.Join(want, " ") {
		t.Fatalf("files the hook gets: %q, want %q (files: %s)", list, want, h.Files)
	}
	stdout, stderr, code := hookRun(list...)
	if code != exitFindings {
		t.Fatalf("hook on %q: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", list, code, exitFindings, stdout, stderr)
	}
	if !strings.Contains(stdout, "error[FL101] shared-node-role") || !strings.Contains(stdout, "k8s/karpenter/ec2nodeclass.yaml:8:9") {
		t.Errorf("hook output: want the FL101 chain anchored at the EC2NodeClass (graph-aware: only its other end is staged):\n%s", stdout)
	}

	// pre-commit splits a long list into several serial runs: each run
	// reports the chains touching its own files.
	if _, _, code := hookRun("infra/node-groups.tf"); code != exitFindings {
		t.Errorf("first partition: exit %d, want %d", code, exitFindings)
	}
	stdout, stderr, code = hookRun("k8s/apps/configmap.yaml")
	if code != exitOK {
		t.Errorf("unrelated file: exit %d, want 0\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "no problems found") {
		t.Errorf("unrelated file: output:\n%s", stdout)
	}

	// File names are never flags: a pull request that stages files named
	// like flags (beside a baseline holding every finding, and files they
	// would overwrite) gets them linted as files, and the finding stays.
	if _, stderr, code := runCmd(t, command([]string{"lint", "--write-baseline", filepath.Join(proj, "b.tfvars.json"), proj})); code == exitError {
		t.Fatalf("--write-baseline: %s", stderr)
	}
	writeFileT(t, filepath.Join(proj, "main.yaml"), "keep: me\n", 0o644)
	flagNamed := []string{"--baseline=b.tfvars.json", "--output=markdown=main.yaml", "--write-baseline=k8s.yaml", "--fail-on=never.yaml", "--disable=FL101.tf"}
	for _, f := range flagNamed {
		writeFileT(t, filepath.Join(proj, f), "{}\n", 0o644)
	}
	gitIn(t, proj, "add", "--", "infra/node-groups.tf")
	gitIn(t, proj, append([]string{"add", "--"}, flagNamed...)...)
	list = staged()
	if len(list) != len(flagNamed)+2 {
		t.Fatalf("staged %q: want the flag-named files matched by `files`", list)
	}
	stdout, stderr, code = hookRun(list...)
	if code != exitFindings || !strings.Contains(stdout, "error[FL101] shared-node-role") {
		t.Errorf("hook with flag-named files: exit %d, want %d and the FL101 chain\nstdout:\n%s\nstderr:\n%s", code, exitFindings, stdout, stderr)
	}
	if got := readFile(t, filepath.Join(proj, "main.yaml")); got != "keep: me\n" {
		t.Errorf("main.yaml was overwritten: %q", got)
	}
	if _, err := os.Stat(filepath.Join(proj, "k8s.yaml")); err == nil {
		t.Error("a file named --write-baseline=k8s.yaml wrote k8s.yaml")
	}
	gitIn(t, proj, append([]string{"reset", "-q", "--"}, flagNamed...)...)
	for _, f := range append(flagNamed, "main.yaml", "b.tfvars.json") {
		os.Remove(filepath.Join(proj, f))
	}

	// A nested .faultline.hcl a pull request adds (turning the rule off,
	// excluding everything) changes neither the scan root nor the
	// findings, whatever the order of the files; a verbose run says it
	// was not applied.
	writeFileT(t, filepath.Join(proj, "aaa", ".faultline.hcl"), "exclude = [\"**\"]\nrule \"FL101\" {\n  enabled = false\n}\n", 0o644)
	writeFileT(t, filepath.Join(proj, "aaa", "x.yaml"), "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n", 0o644)
	writeFileT(t, filepath.Join(proj, "infra", "node-groups.tf"), readFile(t, filepath.Join(proj, "infra", "node-groups.tf"))+"\n# touched\n", 0o644)
	gitIn(t, proj, "add", "--", "aaa/.faultline.hcl", "aaa/x.yaml", "infra/node-groups.tf")
	for _, order := range [][]string{{"aaa/x.yaml", "infra/node-groups.tf"}, {"infra/node-groups.tf", "aaa/x.yaml"}} {
		stdout, stderr, code := hookRun(order...)
		if code != exitFindings || !strings.Contains(stdout, "error[FL101] shared-node-role") {
			t.Errorf("nested config, files %q: exit %d, want %d and the FL101 chain\nstdout:\n%s\nstderr:\n%s", order, code, exitFindings, stdout, stderr)
		}
	}
	verbose := command([]string{"lint", "--verbose", "--", "aaa/x.yaml", "infra/node-groups.tf"})
	verbose.Dir = proj
	if stdout, stderr, _ := runCmd(t, verbose); !strings.Contains(stdout+stderr, "aaa/.faultline.hcl: not applied: a run applies one configuration") {
		t.Errorf("no note that the nested config was not applied:\n%s%s", stdout, stderr)
	}
	gitIn(t, proj, "reset", "-q", "--", "aaa/.faultline.hcl", "aaa/x.yaml", "infra/node-groups.tf")
	gitIn(t, proj, "checkout", "-q", "--", "infra/node-groups.tf")
	os.RemoveAll(filepath.Join(proj, "aaa"))

	// Only the unrelated file staged: the hook passes.
	gitIn(t, proj, "reset", "-q", "--", "infra/node-groups.tf")
	gitIn(t, proj, "checkout", "-q", "--", "infra/node-groups.tf")
	if list := staged(); strings.Join(list, " ") != "k8s/apps/configmap.yaml" {
		t.Fatalf("staged after reset: %q", list)
	}
	if _, _, code := hookRun(staged()...); code != exitOK {
		t.Errorf("hook with only an unrelated file staged: exit %d, want 0", code)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// atlantisStep is one step of an Atlantis workflow stage: a built-in
// command ("init", "plan"), or run / env with their options.
type atlantisStep struct {
	Builtin string
	Run     string
	Output  string
	Shell   string
	EnvName string
	EnvVal  string
}

func (s *atlantisStep) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		s.Builtin = n.Value
		return nil
	}
	var m map[string]yaml.Node
	if err := n.Decode(&m); err != nil {
		return err
	}
	if len(m) != 1 {
		return errors.New("a step is a map with one key")
	}
	for k, v := range m {
		switch k {
		case "run":
			if v.Kind == yaml.ScalarNode {
				s.Run = v.Value
				return nil
			}
			var r struct {
				Command string `yaml:"command"`
				Output  string `yaml:"output"`
				Shell   string `yaml:"shell"`
			}
			if err := v.Decode(&r); err != nil {
				return err
			}
			s.Run, s.Output, s.Shell = r.Command, r.Output, r.Shell
		case "env":
			var e struct {
				Name  string `yaml:"name"`
				Value string `yaml:"value"`
			}
			if err := v.Decode(&e); err != nil {
				return err
			}
			s.EnvName, s.EnvVal = e.Name, e.Value
		default:
			s.Builtin = k // a built-in with extra_args
		}
	}
	return nil
}

type atlantisWorkflow struct {
	Plan struct {
		Steps []atlantisStep `yaml:"steps"`
	} `yaml:"plan"`
}

// checkWorkflow checks the plan stage: init, plan, then a run step of
// faultline-atlantis-step; it returns the steps after plan.
func checkWorkflow(t *testing.T, name string, w atlantisWorkflow) []atlantisStep {
	t.Helper()
	steps := w.Plan.Steps
	var order []string
	for _, s := range steps {
		switch {
		case s.Builtin != "":
			order = append(order, s.Builtin)
		case s.Run != "":
			order = append(order, "run")
		case s.EnvName != "":
			order = append(order, "env")
		}
	}
	if len(order) < 3 || order[0] != "init" || order[1] != "plan" {
		t.Fatalf("%s: plan steps %q: want init, plan, then faultline", name, order)
	}
	after := steps[2:]
	found := false
	for _, s := range after {
		if strings.Contains(s.Run, "faultline-atlantis-step") {
			found = true
			if s.Output == "hide" {
				t.Errorf("%s: the faultline step hides its output", name)
			}
			if s.Shell != "" && s.Shell != "bash" && s.Shell != "sh" {
				t.Errorf("%s: shell %q", name, s.Shell)
			}
		}
	}
	if !found {
		t.Fatalf("%s: no run step calls faultline-atlantis-step", name)
	}
	return after
}

// testAtlantis runs the faultline steps of the server-side repos.yaml and
// the repo-level atlantis.yaml the way Atlantis runs them (sh -c in $DIR,
// with Atlantis's variables), on a copy of examples/atlantis/repo, with
// the committed plan.json as $SHOWFILE.
func testAtlantis(t *testing.T, root, bin string) {
	requireTool(t, "bash")
	dir := filepath.Join(root, "examples", "atlantis")
	var server struct {
		Repos []struct {
			ID                   string   `yaml:"id"`
			Workflow             string   `yaml:"workflow"`
			AllowedOverrides     []string `yaml:"allowed_overrides"`
			AllowCustomWorkflows bool     `yaml:"allow_custom_workflows"`
		} `yaml:"repos"`
		Workflows map[string]atlantisWorkflow `yaml:"workflows"`
	}
	decodeStrict(t, filepath.Join(dir, "repos.yaml"), &server)
	var repo struct {
		Version  int `yaml:"version"`
		Projects []struct {
			Name     string `yaml:"name"`
			Dir      string `yaml:"dir"`
			Workflow string `yaml:"workflow"`
			Autoplan struct {
				WhenModified []string `yaml:"when_modified"`
			} `yaml:"autoplan"`
		} `yaml:"projects"`
		Workflows map[string]atlantisWorkflow `yaml:"workflows"`
	}
	decodeStrict(t, filepath.Join(dir, "repo", "atlantis.yaml"), &repo)

	if len(server.Repos) == 0 || server.Repos[0].Workflow == "" {
		t.Fatal("repos.yaml: no repos entry with a workflow")
	}
	custom := false
	for _, r := range server.Repos {
		custom = custom || r.AllowCustomWorkflows
	}
	if !custom || !contains(server.Repos[0].AllowedOverrides, "workflow") {
		t.Error("repos.yaml must let the example repository use its own workflow (allowed_overrides: [workflow], allow_custom_workflows)")
	}
	sw, ok := server.Workflows[server.Repos[0].Workflow]
	if !ok {
		t.Fatalf("repos.yaml: workflow %q is not defined", server.Repos[0].Workflow)
	}
	if repo.Version != 3 || len(repo.Projects) != 1 {
		t.Fatalf("atlantis.yaml: version %d, %d projects", repo.Version, len(repo.Projects))
	}
	p := repo.Projects[0]
	rw, ok := repo.Workflows[p.Workflow]
	if !ok {
		t.Fatalf("atlantis.yaml: workflow %q is not defined", p.Workflow)
	}
	if st, err := os.Stat(filepath.Join(dir, "repo", filepath.FromSlash(p.Dir))); err != nil || !st.IsDir() {
		t.Fatalf("atlantis.yaml: project dir %q: %v", p.Dir, err)
	}
	if !contains(p.Autoplan.WhenModified, "../k8s/**/*.yaml") {
		t.Errorf("atlantis.yaml: autoplan when_modified %q should include the manifests beside the project", p.Autoplan.WhenModified)
	}

	fixture := filepath.Join(dir, "plan.json")
	checkPlanFixture(t, fixture)

	configs := []struct {
		name  string
		steps []atlantisStep
	}{
		{"repos.yaml", checkWorkflow(t, "repos.yaml", sw)},
		{"atlantis.yaml", checkWorkflow(t, "atlantis.yaml", rw)},
	}
	for _, c := range configs {
		for _, showfile := range []bool{true, false} {
			name := c.name + "/SHOWFILE"
			if !showfile {
				name = c.name + "/terraform show -json PLANFILE"
			}
			t.Run(name, func(t *testing.T) {
				// The repository Atlantis cloned, and the binaries on its PATH.
				clone := filepath.Join(t.TempDir(), "repo")
				copyTree(t, filepath.Join(dir, "repo"), clone)
				projDir := filepath.Join(clone, filepath.FromSlash(p.Dir))
				binDir := t.TempDir()
				copyBinaries(t, bin, binDir, "faultline")
				copyExec(t, filepath.Join(dir, "faultline-step.sh"), filepath.Join(binDir, "faultline-atlantis-step"))
				env := map[string]string{
					"PATH":                       binDir + string(os.PathListSeparator) + os.Getenv("PATH"),
					"WORKSPACE":                  "default",
					"ATLANTIS_TERRAFORM_VERSION": "1.11.4",
					"DIR":                        projDir,
					"REPO_REL_DIR":               p.Dir,
					"PLANFILE":                   filepath.Join(projDir, "default.tfplan"),
					"SHOWFILE":                   filepath.Join(projDir, "default.json"),
					"BASE_REPO_OWNER":            "acme",
					"BASE_REPO_NAME":             "platform-infra",
					"HEAD_COMMIT":                "4b825dc642cb6eb9a060e54bf8d69288fbee4904",
					"BASE_BRANCH_NAME":           "main",
					"PROJECT_NAME":               p.Name,
					"PULL_NUM":                   "7",
					// The comment gets no color, whatever the environment says.
					"FORCE_COLOR": "1",
					"NO_COLOR":    "",
				}
				if showfile {
					copyExec(t, fixture, env["SHOWFILE"])
				} else {
					// No $SHOWFILE yet: the step makes it with Atlantis's
					// terraform for this project's version.
					writeFileT(t, env["PLANFILE"], "binary plan\n", 0o644)
					writeFileT(t, filepath.Join(binDir, "terraform1.11.4"), `#!/bin/sh
[ "$1 $2" = "show -json" ] && [ "$3" = "$PLANFILE" ] && [ "$PWD" = "$DIR" ] || { echo "unexpected: terraform $* in $PWD" >&2; exit 9; }
cat "`+fixture+`"
`, 0o755)
				}
				var stdout, stderr string
				code := -1
				for _, s := range c.steps {
					switch {
					case s.EnvName != "":
						env[s.EnvName] = s.EnvVal
					case s.Run != "":
						shell := "sh"
						if s.Shell != "" {
							shell = s.Shell
						}
						cmd := exec.Command(shell, "-c", s.Run)
						cmd.Dir = projDir
						cmd.Env = environ(env)
						stdout, stderr, code = runCmd(t, cmd)
						if code != 0 && code != exitFindings {
							t.Fatalf("step %q: exit %d\nstdout:\n%s\nstderr:\n%s", s.Run, code, stdout, stderr)
						}
					}
				}
				if code != exitFindings {
					t.Errorf("exit %d, want %d (FL101 is an error: the plan fails)\nstdout:\n%s\nstderr:\n%s", code, exitFindings, stdout, stderr)
				}
				if !showfile {
					if got := readFile(t, env["SHOWFILE"]); got != readFile(t, fixture) {
						t.Errorf("$SHOWFILE is not terraform show -json's output")
					}
				}
				// The whole repository was linted, from its root, with the
				// plan: FL301 (the plan deletes the legacy node group, whose
				// role Karpenter's spot EC2NodeClass uses) is anchored in
				// k8s/, outside $DIR, and so is FL101 (the source alone).
				for _, want := range []string{
					"error[FL301] shared-role-node-group-deletion: managed node group aws_eks_node_group.legacy is deleted by the plan",
					"--> k8s/karpenter/ec2nodeclass-spot.yaml:8:9",
					"error[FL101] shared-node-role:",
					"--> k8s/karpenter/ec2nodeclass.yaml:8:9",
					"related: infra/node-groups.tf:8:3",
					"faultline: 2 errors, 0 warnings, 0 notices",
				} {
					if !strings.Contains(stdout, want) {
						t.Errorf("text output lacks %q (paths from the repository root):\n%s", want, stdout)
					}
				}
				if strings.Contains(stdout, "\x1b[") {
					t.Errorf("the output has terminal escapes:\n%q", stdout)
				}
				if strings.Contains(stdout, "<!-- faultline -->") || strings.Contains(stdout, "## faultline") {
					t.Errorf("the output is Markdown, which an Atlantis comment shows in a code block:\n%s", stdout)
				}
			})
		}
	}
}

// checkPlanFixture checks that plan.json is `terraform show -json` output
// of a plan that deletes the legacy node group.
func checkPlanFixture(t *testing.T, path string) {
	t.Helper()
	var plan struct {
		FormatVersion    string `json:"format_version"`
		TerraformVersion string `json:"terraform_version"`
		ResourceChanges  []struct {
			Address string `json:"address"`
			Change  struct {
				Actions []string `json:"actions"`
			} `json:"change"`
		} `json:"resource_changes"`
		PriorState    json.RawMessage `json:"prior_state"`
		Configuration json.RawMessage `json:"configuration"`
	}
	if err := json.Unmarshal([]byte(readFile(t, path)), &plan); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if plan.FormatVersion == "" || plan.TerraformVersion == "" || len(plan.PriorState) == 0 || len(plan.Configuration) == 0 {
		t.Fatalf("%s: not terraform show -json output of a plan", path)
	}
	actions := map[string]string{}
	for _, rc := range plan.ResourceChanges {
		actions[rc.Address] = strings.Join(rc.Change.Actions, ",")
	}
	if actions["aws_eks_node_group.legacy"] != "delete" || actions["aws_eks_node_group.system"] != "no-op" {
		t.Errorf("%s: resource changes %v: want the legacy node group deleted, the system one kept", path, actions)
	}
}

func copyExec(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	writeFileT(t, dst, string(b), 0o755)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// decodeStrict decodes a YAML file, failing on keys the target lacks.
func decodeStrict(t *testing.T, path string, v any) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dec := yaml.NewDecoder(f)
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// actionMeta is the part of action.yml the checks read.
type actionMeta struct {
	Name        string `yaml:"name"`
	Description string `yaml:"description"`
	Author      string `yaml:"author"`
	Branding    struct {
		Icon  string `yaml:"icon"`
		Color string `yaml:"color"`
	} `yaml:"branding"`
	Inputs map[string]struct {
		Description string  `yaml:"description"`
		Default     *string `yaml:"default"`
		Required    bool    `yaml:"required"`
	} `yaml:"inputs"`
	Outputs map[string]struct {
		Description string `yaml:"description"`
		Value       string `yaml:"value"`
	} `yaml:"outputs"`
	Runs struct {
		Using string `yaml:"using"`
		Steps []struct {
			Name             string            `yaml:"name"`
			ID               string            `yaml:"id"`
			If               string            `yaml:"if"`
			Shell            string            `yaml:"shell"`
			Run              string            `yaml:"run"`
			Uses             string            `yaml:"uses"`
			With             map[string]string `yaml:"with"`
			Env              map[string]string `yaml:"env"`
			WorkingDirectory string            `yaml:"working-directory"`
			ContinueOnError  any               `yaml:"continue-on-error"`
		} `yaml:"steps"`
	} `yaml:"runs"`
}

var (
	exprRef   = regexp.MustCompile(`\$\{\{(.*?)\}\}`)
	inputRef  = regexp.MustCompile(`\binputs\.([A-Za-z0-9_-]+)`)
	stepRef   = regexp.MustCompile(`\bsteps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)`)
	outputSet = regexp.MustCompile(`(?m)echo "([a-z-]+)=`)
)

// TestActionMetadata checks action.yml: a composite action whose inputs,
// step references and scripts exist, that never splices an input into a
// script, installs from a cache, and documents what SARIF upload and
// --changed need.
func TestActionMetadata(t *testing.T) {
	root := repoRoot(t)
	var a actionMeta
	decodeStrict(t, filepath.Join(root, "action.yml"), &a)
	if a.Name == "" || a.Description == "" || a.Runs.Using != "composite" {
		t.Fatalf("action.yml: name %q, description %q, runs.using %q: want a described composite action", a.Name, a.Description, a.Runs.Using)
	}
	for _, in := range []string{"paths", "format", "fail-on", "summary", "sarif", "sarif-category", "changed", "base", "working-directory", "args", "comment", "token", "version"} {
		if _, ok := a.Inputs[in]; !ok {
			t.Errorf("action.yml: no input %q", in)
		}
	}
	for name, in := range a.Inputs {
		if in.Description == "" {
			t.Errorf("input %s has no description", name)
		}
		if !in.Required && in.Default == nil {
			t.Errorf("input %s has neither a default nor required: true", name)
		}
	}
	for _, want := range []struct{ input, text string }{
		{"sarif", "security-events: write"}, {"sarif", "fork"}, {"sarif", "private"},
		{"changed", "fetch-depth"}, {"base", "fetch-depth"}, {"format", "10 errors and 10 warnings"},
		{"comment", "pull-requests: write"}, {"comment", "fork"}, {"comment", "<!-- faultline -->"},
		{"args", "one per line"}, {"version", "checksums.txt"}, {"working-directory", "repository root"},
	} {
		if !strings.Contains(a.Inputs[want.input].Description, want.text) {
			t.Errorf("input %s: description should say %q", want.input, want.text)
		}
	}
	if d := a.Inputs["format"].Default; d == nil || *d != "github" {
		t.Errorf("format defaults to %v, want github (annotations)", d)
	}

	ids := map[string]map[string]bool{} // step id -> outputs it sets
	var all strings.Builder
	usesSeen := map[string]bool{}
	for i, s := range a.Runs.Steps {
		where := s.Name
		if where == "" {
			where = s.ID
		}
		if (s.Run == "") == (s.Uses == "") {
			t.Errorf("step %d (%s): exactly one of run and uses", i, where)
		}
		if s.Run != "" && s.Shell == "" {
			t.Errorf("step %s: a composite run step needs shell", where)
		}
		if s.Run != "" && strings.Contains(s.Run, "${{") {
			t.Errorf("step %s: ${{ }} inside a script (inputs go through env)", where)
		}
		if s.Uses != "" {
			name, ver, ok := strings.Cut(s.Uses, "@")
			if !ok || !regexp.MustCompile(`^[0-9a-f]{40}$`).MatchString(ver) {
				t.Errorf("step %s: uses %q should pin a commit (40 hex digits): a tag can be moved", where, s.Uses)
			}
			usesSeen[name] = true
		}
		// References to earlier steps only.
		text := s.If + " " + s.WorkingDirectory
		for _, v := range s.With {
			text += " " + v
		}
		for _, v := range s.Env {
			text += " " + v
		}
		for _, m := range stepRef.FindAllStringSubmatch(text, -1) {
			if _, ok := ids[m[1]]; !ok {
				t.Errorf("step %s refers to step %q, not an earlier step", where, m[1])
			} else if ids[m[1]] != nil && !ids[m[1]][m[2]] {
				t.Errorf("step %s refers to output %s of step %s, which it does not set", where, m[2], m[1])
			}
		}
		if s.ID != "" {
			outs := map[string]bool{}
			body := s.Run
			if strings.Contains(body, "scripts/") {
				script := regexp.MustCompile(`scripts/[a-z0-9-]+\.sh`).FindString(body)
				body += readFile(t, filepath.Join(root, filepath.FromSlash(script)))
			}
			for _, m := range outputSet.FindAllStringSubmatch(body, -1) {
				outs[m[1]] = true
			}
			if s.Uses != "" {
				outs = nil // an action's outputs: not checked
			}
			ids[s.ID] = outs
		}
		all.WriteString(s.If + s.Run + s.WorkingDirectory)
		for _, v := range s.With {
			all.WriteString(" " + v)
		}
		for _, v := range s.Env {
			all.WriteString(" " + v)
		}
		if s.Run != "" {
			// The script parses.
			if _, err := exec.LookPath("bash"); err == nil {
				cmd := exec.Command("bash", "-n", "-c", s.Run)
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Errorf("step %s: bash -n: %v\n%s", where, err, out)
				}
			}
			for _, m := range regexp.MustCompile(`\$GITHUB_ACTION_PATH/([A-Za-z0-9_./-]+)`).FindAllStringSubmatch(s.Run, -1) {
				if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(m[1]))); err != nil {
					t.Errorf("step %s runs %s: %v", where, m[1], err)
				}
			}
		}
	}
	for name, o := range a.Outputs {
		for _, m := range stepRef.FindAllStringSubmatch(o.Value, -1) {
			if outs, ok := ids[m[1]]; !ok || (outs != nil && !outs[m[2]]) {
				t.Errorf("output %s: %s is not set by a step", name, o.Value)
			}
		}
	}
	for _, e := range exprRef.FindAllStringSubmatch(all.String(), -1) {
		for _, m := range inputRef.FindAllStringSubmatch(e[1], -1) {
			if _, ok := a.Inputs[m[1]]; !ok {
				t.Errorf("${{%s}} refers to an input that does not exist", e[1])
			}
		}
	}
	for _, u := range []string{"actions/cache/restore", "actions/cache/save", "actions/setup-go", "github/codeql-action/upload-sarif"} {
		if !usesSeen[u] {
			t.Errorf("action.yml does not use %s", u)
		}
	}
	// Each pinned commit says which release it is, for people and for
	// Dependabot: `uses: owner/name@<sha> # vX.Y.Z`.
	raw := readFile(t, filepath.Join(root, "action.yml"))
	for _, m := range regexp.MustCompile(`(?m)^\s*(?:-\s*)?uses:\s*(.*)$`).FindAllStringSubmatch(raw, -1) {
		if !regexp.MustCompile(`^[A-Za-z0-9_.-]+/[A-Za-z0-9_./-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$`).MatchString(m[1]) {
			t.Errorf("action.yml: %q: want owner/name@<40 hex digits> # vX.Y.Z", strings.TrimSpace(m[0]))
		}
	}
	last := a.Runs.Steps[len(a.Runs.Steps)-1]
	if !strings.Contains(last.Run, "exit") || !strings.Contains(last.Env["CODE"], "steps.lint.outputs.exit-code") {
		t.Error("the last step should exit with faultline's exit code, after the summary and the SARIF upload")
	}
}

// TestWorkflows checks .github/workflows/*.yml: well-formed, every job
// has steps, local actions and scripts exist, and faultline.yml runs the
// action on examples that exist.
func TestWorkflows(t *testing.T) {
	root := repoRoot(t)
	paths, err := filepath.Glob(filepath.Join(root, ".github", "workflows", "*.yml"))
	if err != nil {
		t.Fatal(err)
	}
	usesSelf := false
	for _, p := range paths {
		var w struct {
			Name        string         `yaml:"name"`
			On          yaml.Node      `yaml:"on"`
			Permissions map[string]any `yaml:"permissions"`
			Concurrency any            `yaml:"concurrency"`
			Jobs        map[string]struct {
				Name        string         `yaml:"name"`
				If          string         `yaml:"if"`
				Needs       any            `yaml:"needs"`
				Permissions map[string]any `yaml:"permissions"`
				RunsOn      string         `yaml:"runs-on"`
				Strategy    map[string]any `yaml:"strategy"`
				Steps       []struct {
					Name            string            `yaml:"name"`
					ID              string            `yaml:"id"`
					Uses            string            `yaml:"uses"`
					Run             string            `yaml:"run"`
					With            map[string]any    `yaml:"with"`
					Env             map[string]string `yaml:"env"`
					ContinueOnError any               `yaml:"continue-on-error"`
				} `yaml:"steps"`
			} `yaml:"jobs"`
		}
		decodeStrict(t, p, &w)
		name := filepath.Base(p)
		if w.On.Kind == 0 || len(w.Jobs) == 0 {
			t.Errorf("%s: no `on` or no jobs", name)
		}
		if w.Permissions == nil {
			t.Errorf("%s: no top-level permissions (least privilege)", name)
		}
		for id, j := range w.Jobs {
			if j.RunsOn == "" || len(j.Steps) == 0 {
				t.Errorf("%s: job %s has no runs-on or no steps", name, id)
			}
			for _, s := range j.Steps {
				if (s.Run == "") == (s.Uses == "") {
					t.Errorf("%s: job %s: a step needs exactly one of run and uses", name, id)
				}
				if s.Uses == "./" {
					usesSelf = true
					if _, err := os.Stat(filepath.Join(root, "action.yml")); err != nil {
						t.Errorf("%s: uses ./ but %v", name, err)
					}
					if pth, ok := s.With["paths"].(string); ok && !strings.Contains(pth, "${{") {
						if _, err := os.Stat(filepath.Join(root, pth)); err != nil {
							t.Errorf("%s: job %s lints %s: %v", name, id, pth, err)
						}
					}
				}
				for _, m := range regexp.MustCompile(`\b(scripts/[A-Za-z0-9_./-]+\.sh)`).FindAllStringSubmatch(s.Run, -1) {
					if _, err := os.Stat(filepath.Join(root, m[1])); err != nil {
						t.Errorf("%s: job %s runs %s: %v", name, id, m[1], err)
					}
				}
			}
			// Matrix examples exist.
			if m, ok := j.Strategy["matrix"].(map[string]any); ok {
				if list, ok := m["example"].([]any); ok {
					for _, e := range list {
						if em, ok := e.(map[string]any); ok {
							if pth, _ := em["path"].(string); pth != "" {
								if _, err := os.Stat(filepath.Join(root, pth)); err != nil {
									t.Errorf("%s: matrix example %s: %v", name, pth, err)
								}
							}
						}
					}
				}
			}
		}
	}
	if !usesSelf {
		t.Error("no workflow uses the project's own action (uses: ./)")
	}
}

// TestGitHubActionScript runs scripts/github-action.sh, the action's lint
// step, with a stand-in faultline: the log, the Markdown summary, the step
// outputs, and the arguments --changed and --base get. TestIntegrations
// runs it with the real binary.
func TestGitHubActionScript(t *testing.T) {
	requireTool(t, "bash")
	root := repoRoot(t)
	script := filepath.Join(root, "scripts", "github-action.sh")

	type result struct {
		stdout, stderr string
		code           int
		args           []string
		outputs        map[string]string
		summary        string
	}
	run := func(t *testing.T, exit int, set map[string]string) result {
		t.Helper()
		dir := t.TempDir()
		fake := filepath.Join(dir, "faultline")
		writeFileT(t, fake, `#!/usr/bin/env bash
printf '%s\n' "$@" >"$ARGS_FILE"
for a; do
  case "$a" in
    markdown=*) md="${a#markdown=}" ;;
    sarif=*) sarif="${a#sarif=}" ;;
  esac
done
if [ "$FAKE_EXIT" = 2 ]; then echo "faultline: --base: unknown revision" >&2; exit 2; fi
printf '## faultline\n\n| rule | file |\n|---|---|\n| FL101 | k8s/a.yaml |\n' >"$md"
[ -z "${sarif:-}" ] || echo '{"version":"2.1.0","runs":[]}' >"$sarif"
echo "::error file=e.yaml,line=1::error"
echo "::notice file=n.yaml,line=2::notice"
exit "$FAKE_EXIT"
`, 0o755)
		env := map[string]string{
			"FAULTLINE":           fake,
			"ARGS_FILE":           filepath.Join(dir, "args"),
			"FAKE_EXIT":           strconv.Itoa(exit),
			"RUNNER_TEMP":         dir,
			"GITHUB_OUTPUT":       filepath.Join(dir, "output"),
			"GITHUB_STEP_SUMMARY": filepath.Join(dir, "summary"),
			"GITHUB_BASE_REF":     "",
			"EVENT_BEFORE":        "",
		}
		for k, v := range set {
			env[k] = v
		}
		cmd := exec.Command("bash", script)
		cmd.Dir = dir
		cmd.Env = environ(env)
		var r result
		r.stdout, r.stderr, r.code = runCmd(t, cmd)
		if b, err := os.ReadFile(env["ARGS_FILE"]); err == nil {
			r.args = strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
		}
		r.outputs = map[string]string{}
		if b, err := os.ReadFile(env["GITHUB_OUTPUT"]); err == nil {
			for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
				k, v, _ := strings.Cut(l, "=")
				r.outputs[k] = v
			}
		}
		if b, err := os.ReadFile(env["GITHUB_STEP_SUMMARY"]); err == nil {
			r.summary = string(b)
		}
		return r
	}

	t.Run("findings", func(t *testing.T) {
		r := run(t, 1, map[string]string{
			"INPUT_PATHS": "infra\nk8s  charts\n--output=markdown=main.yaml", "INPUT_FORMAT": "github", "INPUT_FAIL_ON": "warning",
			"INPUT_SARIF": "true", "INPUT_SUMMARY": "true", "INPUT_ARGS": "--disable\n  FL103  \n\n--var=tags={a = 1}\r\n",
		})
		if r.code != 0 {
			t.Fatalf("the step exits %d; it reports faultline's code as an output instead\n%s", r.code, r.stderr)
		}
		if r.stdout != "::error file=e.yaml,line=1::error\n::notice file=n.yaml,line=2::notice\n" {
			t.Errorf("the log is faultline's output as it is; got:\n%s", r.stdout)
		}
		if !strings.Contains(r.summary, "| FL101 | k8s/a.yaml |") {
			t.Errorf("summary:\n%s", r.summary)
		}
		if r.outputs["exit-code"] != "1" || r.outputs["upload-sarif"] != "true" || !strings.HasSuffix(r.outputs["sarif-file"], "faultline.sarif") || !strings.HasSuffix(r.outputs["markdown-file"], "faultline.md") {
			t.Errorf("outputs %v", r.outputs)
		}
		got := strings.Join(r.args, " ")
		for _, want := range []string{"lint --format github --fail-on warning --output markdown=", "--output sarif=", "--disable FL103 --var=tags={a = 1} -- infra k8s charts --output=markdown=main.yaml"} {
			if !strings.Contains(got, want) {
				t.Errorf("args %q: want %q", got, want)
			}
		}
		// One argument per line, blanks and all.
		if !contains(r.args, "--var=tags={a = 1}") || !contains(r.args, "FL103") {
			t.Errorf("args %q: want each line of args as one argument", r.args)
		}
		if strings.Contains(got, "--changed") || strings.Contains(got, "--base") {
			t.Errorf("args %q: no --changed or --base asked for", got)
		}
	})

	t.Run("args on one line", func(t *testing.T) {
		// The older form: split on blanks, with a notice.
		r := run(t, 0, map[string]string{"INPUT_ARGS": "--config ci/faultline.hcl  --disable FL103"})
		if got := strings.Join(r.args, "|"); !strings.HasSuffix(got, "|--config|ci/faultline.hcl|--disable|FL103|--|.") {
			t.Errorf("args %q: want the line split on blanks", got)
		}
		if !strings.Contains(r.stdout, "::notice title=faultline::args on one line") {
			t.Errorf("no notice about the older form:\n%s", r.stdout)
		}
		// One argument alone: nothing to say.
		r = run(t, 0, map[string]string{"INPUT_ARGS": "--disable=FL103"})
		if got := strings.Join(r.args, "|"); !strings.HasSuffix(got, "|--disable=FL103|--|.") || strings.Contains(r.stdout, "args on one line") {
			t.Errorf("args %q, stdout %q", got, r.stdout)
		}
	})

	t.Run("changed on a pull request from a fork", func(t *testing.T) {
		r := run(t, 0, map[string]string{"INPUT_CHANGED": "true", "GITHUB_BASE_REF": "main", "INPUT_SARIF": "true", "IS_FORK_PR": "true"})
		got := strings.Join(r.args, " ")
		if !strings.HasSuffix(got, "--changed --base origin/main -- .") {
			t.Errorf("args %q: want --changed --base origin/main -- . (paths after --, never flags)", got)
		}
		if r.outputs["upload-sarif"] != "false" || !strings.Contains(r.stdout, "SARIF upload skipped") {
			t.Errorf("fork: outputs %v, stdout:\n%s", r.outputs, r.stdout)
		}
	})

	t.Run("changed on a push", func(t *testing.T) {
		before := strings.Repeat("ab", 20)
		r := run(t, 0, map[string]string{"INPUT_CHANGED": "true", "EVENT_BEFORE": before})
		if got := strings.Join(r.args, " "); !strings.Contains(got, "--changed --base "+before) {
			t.Errorf("args %q: want --base %s", got, before)
		}
		// A new branch's first push has no before: faultline's default.
		r = run(t, 0, map[string]string{"INPUT_CHANGED": "true", "EVENT_BEFORE": strings.Repeat("0", 40)})
		if got := strings.Join(r.args, " "); strings.Contains(got, "--base") {
			t.Errorf("args %q: want no --base", got)
		}
		// An explicit base wins.
		r = run(t, 0, map[string]string{"INPUT_CHANGED": "true", "INPUT_BASE": "v1.2.0", "GITHUB_BASE_REF": "main"})
		if got := strings.Join(r.args, " "); !strings.Contains(got, "--changed --base v1.2.0") {
			t.Errorf("args %q: want --base v1.2.0", got)
		}
	})

	t.Run("could not run", func(t *testing.T) {
		r := run(t, 2, map[string]string{"INPUT_SARIF": "true"})
		if r.code != 0 || r.outputs["exit-code"] != "2" || r.outputs["upload-sarif"] != "false" {
			t.Errorf("exit %d, outputs %v", r.code, r.outputs)
		}
		if !strings.Contains(r.summary, "could not run") || !strings.Contains(r.stderr, "unknown revision") {
			t.Errorf("summary %q, stderr %q", r.summary, r.stderr)
		}
	})
}

// TestChangedMode runs `faultline lint --changed` in a repository whose
// branch changes one end of a chain: graph-aware (the finding is anchored
// in a file the branch did not touch), nothing for unrelated changes, and
// exit 2 for revisions git does not have.
func TestChangedMode(t *testing.T) {
	requireTool(t, "git")
	root := repoRoot(t)
	repo := filepath.Join(t.TempDir(), "repo")
	copyTree(t, filepath.Join(root, "examples", "atlantis", "repo"), repo)
	gitIn(t, repo, "init", "-q", "-b", "main")
	gitIn(t, repo, "add", "-A")
	gitIn(t, repo, "commit", "-q", "-m", "initial")
	for _, name := range []string{"GIT_CONFIG_GLOBAL", "GIT_CONFIG_NOSYSTEM"} {
		t.Setenv(name, map[string]string{"GIT_CONFIG_GLOBAL": os.DevNull, "GIT_CONFIG_NOSYSTEM": "1"}[name])
	}

	// On main with nothing changed: nothing to report.
	stdout, stderr, code := runCLI(t, repo, "lint", "--no-color", "--changed", ".")
	if code != exitOK || !strings.Contains(stdout, "no problems found") {
		t.Errorf("clean main: exit %d\n%s%s", code, stdout, stderr)
	}

	// A branch that changes the node group: the chain's far end.
	gitIn(t, repo, "switch", "-q", "-c", "node-groups")
	writeFileT(t, filepath.Join(repo, "infra", "node-groups.tf"), readFile(t, filepath.Join(repo, "infra", "node-groups.tf"))+"\n# resized\n", 0o644)
	gitIn(t, repo, "commit", "-q", "-am", "node groups")
	stdout, stderr, code = runCLI(t, repo, "lint", "--no-color", "--changed", ".")
	if code != exitFindings || !strings.Contains(stdout, "k8s/karpenter/ec2nodeclass.yaml:8:9") {
		t.Errorf("branch changing infra/node-groups.tf: exit %d, want FL101 anchored at the unchanged EC2NodeClass\n%s%s", code, stdout, stderr)
	}
	// From a subdirectory, paths relative to it.
	stdout, _, code = runCLI(t, filepath.Join(repo, "infra"), "lint", "--no-color", "--changed", "..")
	if code != exitFindings || !strings.Contains(stdout, "../k8s/karpenter/ec2nodeclass.yaml:8:9") {
		t.Errorf("from infra/: exit %d\n%s", code, stdout)
	}

	// A branch that changes an unrelated manifest, plus an untracked one.
	gitIn(t, repo, "switch", "-q", "-c", "apps", "main")
	writeFileT(t, filepath.Join(repo, "k8s", "apps", "configmap.yaml"), "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n", 0o644)
	gitIn(t, repo, "add", "-A")
	gitIn(t, repo, "commit", "-q", "-m", "apps")
	if stdout, stderr, code := runCLI(t, repo, "lint", "--no-color", "--changed", "."); code != exitOK {
		t.Errorf("unrelated change: exit %d\n%s%s", code, stdout, stderr)
	}
	// Uncommitted edits count: the role's file is on the chain.
	writeFileT(t, filepath.Join(repo, "infra", "iam.tf"), readFile(t, filepath.Join(repo, "infra", "iam.tf"))+"\n# uncommitted\n", 0o644)
	if _, _, code := runCLI(t, repo, "lint", "--no-color", "--changed", "--base", "main", "."); code != exitFindings {
		t.Errorf("uncommitted change to infra/iam.tf: exit %d, want 1", code)
	}

	// Revisions git does not have, and no repository at all: exit 2.
	_, stderr, code = runCLI(t, repo, "lint", "--changed", "--base", "no-such-branch", ".")
	if code != exitError || !strings.Contains(stderr, "unknown revision") {
		t.Errorf("unknown base: exit %d, stderr %q", code, stderr)
	}
	_, stderr, code = runCLI(t, repo, "lint", "--base", "no-such-branch", ".")
	if code != exitError || !strings.Contains(stderr, "--base") {
		t.Errorf("--base alone, unknown: exit %d, stderr %q", code, stderr)
	}
	plain := t.TempDir()
	copyTree(t, filepath.Join(root, "examples", "atlantis", "repo"), plain)
	if _, stderr, code := runCLI(t, plain, "lint", "--changed", "."); code != exitError || !strings.Contains(stderr, "not a git repository") {
		t.Errorf("not a repository: exit %d, stderr %q", code, stderr)
	}
	shallow := filepath.Join(t.TempDir(), "shallow")
	gitIn(t, t.TempDir(), "clone", "-q", "--depth", "1", "--single-branch", "--branch", "node-groups", "file://"+repo, shallow)
	gitIn(t, shallow, "remote", "set-head", "origin", "-d")
	if _, stderr, code := runCLI(t, shallow, "lint", "--changed", "."); code != exitError || !strings.Contains(stderr, "fetch-depth: 0") {
		t.Errorf("shallow clone: exit %d, stderr %q", code, stderr)
	}
}
