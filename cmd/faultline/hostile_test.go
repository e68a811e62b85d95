package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
)

// The hostile-input suite: trees a stranger's pull request could contain,
// each built here in a temporary directory, linted by the real binary in a
// subprocess under an address-space limit and a generous deadline. Every
// case asserts the contract: nothing from outside the tree in any output
// format, the run ends (FL000, a note or exit 2 as the case wants), and the
// real chain planted beside the hostile file is still found.
//
// FAULTLINE_HOSTILE_BIN=/path/to/faultline runs the suite against another
// binary (an older build, for before/after numbers); each case logs its
// exit code, wall time and peak memory.

// hostileSecret is planted in the child's environment: no output may show it.
const hostileSecret = "FAULTLINE_HOSTILE_SECRET=ghp_0123456789abcdefDoNotPrint"

// passwdLine is the first line of /etc/passwd on every Linux system.
const passwdLine = "root:x:0:0"

// hostileMemory bounds a run's address space (KiB): far above what any
// case needs when it behaves, far below what a runaway would take.
const hostileMemory = 3 << 20

// hostileDeadline ends a hung run; the case then fails.
// FAULTLINE_HOSTILE_DEADLINE (a Go duration) shortens it for runs of an
// older binary that is expected to hang.
var hostileDeadline = func() time.Duration {
	if d, err := time.ParseDuration(os.Getenv("FAULTLINE_HOSTILE_DEADLINE")); err == nil {
		return d
	}
	return 90 * time.Second
}()

var (
	hostileOnce sync.Once
	hostileBin  string
	hostileErr  error
	// hostileDir holds the built binaries; TestMain removes it.
	hostileDir string
)

// hostileBinary is the binary under test: built once per test process.
func hostileBinary(t *testing.T) string {
	t.Helper()
	if b := os.Getenv("FAULTLINE_HOSTILE_BIN"); b != "" {
		return b
	}
	if testing.Short() {
		t.Skip("-short: builds the faultline binary")
	}
	hostileOnce.Do(func() {
		dir, err := os.MkdirTemp("", "faultline-hostile-bin")
		if err != nil {
			hostileErr = err
			return
		}
		hostileDir = dir
		hostileBin, hostileErr = buildBinaries(dir)
	})
	if hostileErr != nil {
		t.Fatal(hostileErr)
	}
	return hostileBin
}

// hostileRun is one finished run: its exit code, every output format, and
// what it cost.
type hostileRun struct {
	exit    int
	stdout  string // text format
	stderr  string
	outputs map[string]string // format → file contents
	wall    time.Duration
	maxRSS  int64 // KiB
}

// all is every byte the run printed or wrote.
func (r hostileRun) all() string {
	var b strings.Builder
	b.WriteString(r.stdout)
	b.WriteString(r.stderr)
	for _, o := range r.outputs {
		b.WriteString(o)
	}
	return b.String()
}

// findings are the JSON report's findings as rule@file:line.
func (r hostileRun) findings(t *testing.T) []string {
	t.Helper()
	var rep struct {
		Findings []struct {
			Rule     string `json:"rule"`
			Location struct {
				File string `json:"file"`
				Line int    `json:"line"`
			} `json:"location"`
		} `json:"findings"`
	}
	if err := json.Unmarshal([]byte(r.outputs["json"]), &rep); err != nil {
		t.Fatalf("json output: %v\n%s", err, r.outputs["json"])
	}
	var out []string
	for _, f := range rep.Findings {
		out = append(out, fmt.Sprintf("%s@%s:%d", f.Rule, f.Location.File, f.Location.Line))
	}
	return out
}

// runHostile lints dir from dir with args, writing every format, under
// the suite's address-space limit and deadline.
func runHostile(t *testing.T, dir string, stdin []byte, args ...string) hostileRun {
	t.Helper()
	return runHostileIn(t, dir, stdin, hostileMemory, hostileDeadline, nil, args...)
}

// runHostileIn lints dir from dir with args, writing every format, with
// the address space bounded at kib (KiB), the run ended after deadline,
// env added to the child's environment and stdin as its standard input.
func runHostileIn(t *testing.T, dir string, stdin []byte, kib int, deadline time.Duration, env map[string]string, args ...string) hostileRun {
	t.Helper()
	bin := hostileBinary(t)
	outDir := t.TempDir()
	formats := []string{"json", "sarif", "markdown", "github"}
	full := []string{"lint", "--no-color", "--verbose"}
	for _, f := range formats {
		full = append(full, "--output", f+"="+filepath.Join(outDir, f))
	}
	full = append(full, args...)
	ctx, cancel := context.WithTimeout(context.Background(), deadline)
	defer cancel()
	script := fmt.Sprintf("ulimit -v %d; exec \"$0\" \"$@\"", kib)
	cmd := exec.CommandContext(ctx, "/bin/sh", append([]string{"-c", script, bin}, full...)...)
	cmd.Dir = dir
	cmd.Env = append(environ(env), hostileSecret, "NO_COLOR=1")
	cmd.Stdin = bytes.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	run := hostileRun{stdout: stdout.String(), stderr: stderr.String(), wall: time.Since(start), outputs: map[string]string{}}
	if ctx.Err() != nil {
		t.Fatalf("did not end within %s", deadline)
	}
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		run.exit = ee.ExitCode()
	case err != nil:
		t.Fatalf("run: %v", err)
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		run.maxRSS = ru.Maxrss
	}
	for _, f := range formats {
		if b, err := os.ReadFile(filepath.Join(outDir, f)); err == nil {
			run.outputs[f] = string(b)
		}
	}
	t.Logf("exit %d, %.2fs, max RSS %d MiB", run.exit, run.wall.Seconds(), run.maxRSS>>10)
	return run
}

// plantChain writes a real FL101 chain (a node group and a Karpenter node
// class on one role) in dir/chain, so a case can prove the rest of the tree
// was still linted.
func plantChain(t *testing.T, dir string) {
	t.Helper()
	writeFiles(t, dir, map[string]string{
		"chain/nodes.tf": `resource "aws_eks_node_group" "workers" {
  cluster_name    = "prod"
  node_group_name = "workers"
  node_role_arn   = "arn:aws:iam::111122223333:role/shared-workers"
  subnet_ids      = ["subnet-1"]

  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 1
  }
}
`,
		"chain/nodeclass.yaml": `apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata:
  name: general
spec:
  role: shared-workers
  amiSelectorTerms:
    - alias: al2023@latest
`,
	})
}

// chainFound is the finding plantChain's tree must produce.
const chainFound = "FL101@chain/nodeclass.yaml:6"

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

func mkfifo(t *testing.T, p string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
}

// hostileTree makes a scan root (not inside any git repository) and a
// directory beside it holding what must never be read.
func hostileTree(t *testing.T) (root, outside string) {
	t.Helper()
	base := t.TempDir()
	root, outside = filepath.Join(base, "repo"), filepath.Join(base, "elsewhere")
	writeFiles(t, outside, map[string]string{
		"secret.tf":               "locals { leaked = \"OUTSIDE_SECRET_VALUE\" }\n",
		"mod/main.tf":             "resource \"aws_iam_role\" \"outside\" { name = \"OUTSIDE_SECRET_ROLE\" }\noutput \"name\" { value = aws_iam_role.outside.name }\n",
		"secret.yaml":             "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: OUTSIDE_SECRET_CM\n",
		"faultline.hcl":           "rule \"FL101\" {\n  enabled = false\n}\n",
		"base/kustomization.yaml": "resources:\n  - cm.yaml\n",
		"base/cm.yaml":            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: OUTSIDE_SECRET_KUSTOMIZE\n",
	})
	plantChain(t, root)
	return root, outside
}

// assertClean fails when any output shows bytes from outside the tree.
func assertClean(t *testing.T, r hostileRun) {
	t.Helper()
	all := r.all()
	for _, leak := range []string{"ghp_0123456789abcdefDoNotPrint", passwdLine, "OUTSIDE_SECRET"} {
		if strings.Contains(all, leak) {
			t.Errorf("output shows %q from outside the tree", leak)
		}
	}
}

func assertChain(t *testing.T, r hostileRun) {
	t.Helper()
	for _, f := range r.findings(t) {
		if f == chainFound {
			return
		}
	}
	t.Errorf("the planted chain %s is missing: %v\n%s", chainFound, r.findings(t), r.stderr)
}

func assertNote(t *testing.T, r hostileRun, want string) {
	t.Helper()
	if !strings.Contains(r.stdout+r.stderr, want) {
		t.Errorf("no coverage note containing %q:\n%s%s", want, r.stdout, r.stderr)
	}
}

func TestHostileSymlinksOutOfTheTree(t *testing.T) {
	root, outside := hostileTree(t)
	symlink(t, "/proc/self/environ", filepath.Join(root, "env.tf"))
	symlink(t, "/etc/passwd", filepath.Join(root, "passwd.tf"))
	symlink(t, "/etc/passwd", filepath.Join(root, "x.tf.json"))
	symlink(t, "/etc/passwd", filepath.Join(root, "terraform.tfvars"))
	symlink(t, "/etc/passwd", filepath.Join(root, "site.auto.tfvars"))
	symlink(t, filepath.Join(outside, "secret.tf"), filepath.Join(root, "secret.tf"))
	symlink(t, filepath.Join(outside, "secret.yaml"), filepath.Join(root, "k8s", "cm.yaml"))
	symlink(t, "/proc/self/environ", filepath.Join(root, "k8s", "env.yaml"))
	symlink(t, filepath.Join(outside, "mod"), filepath.Join(root, "mod"))
	writeFiles(t, root, map[string]string{
		"main.tf": "module \"m\" {\n  source = \"./mod\"\n}\n" +
			"output \"f\" { value = file(\"/proc/self/environ\") }\n" +
			"output \"g\" { value = file(\"" + filepath.Join(outside, "secret.tf") + "\") }\n",
	})
	r := runHostile(t, root, nil, ".")
	assertClean(t, r)
	assertChain(t, r)
	if r.exit != 1 {
		t.Errorf("exit %d, want 1 (the chain)", r.exit)
	}
	for _, f := range []string{"env.tf", "passwd.tf", "x.tf.json", "terraform.tfvars", "site.auto.tfvars", "secret.tf", "k8s/cm.yaml", "k8s/env.yaml"} {
		assertNote(t, r, f+": ")
	}
	assertNote(t, r, "local source ./mod not read")
}

func TestHostileDevicesAndFIFOs(t *testing.T) {
	root, _ := hostileTree(t)
	mkfifo(t, filepath.Join(root, "fifo.tf"))
	mkfifo(t, filepath.Join(root, "k8s", "fifo.yaml"))
	mkfifo(t, filepath.Join(root, "vars", "terraform.tfvars"))
	mkfifo(t, filepath.Join(root, "files", "read.txt"))
	symlink(t, "/dev/stdin", filepath.Join(root, "stdin.tf"))
	symlink(t, "/dev/urandom", filepath.Join(root, "rand.tf"))
	symlink(t, "/dev/zero", filepath.Join(root, "zero", "terraform.tfvars"))
	writeFiles(t, root, map[string]string{
		"vars/main.tf":  "variable \"x\" {}\n",
		"zero/main.tf":  "variable \"x\" {}\n",
		"files/main.tf": "output \"f\" { value = file(\"${path.module}/read.txt\") }\n",
	})
	r := runHostile(t, root, []byte("stdin must not be read\n"), ".")
	assertClean(t, r)
	assertChain(t, r)
	for _, f := range []string{"fifo.tf", "k8s/fifo.yaml", "vars/terraform.tfvars", "stdin.tf", "rand.tf", "zero/terraform.tfvars"} {
		assertNote(t, r, f+": ")
	}
}

func TestHostileGlobOverTheFilesystem(t *testing.T) {
	root, _ := hostileTree(t)
	writeFiles(t, root, map[string]string{
		"docs/main.tf": `data "kubectl_path_documents" "everything" {
  pattern = "/**/*.yaml"
}
`,
	})
	r := runHostile(t, root, nil, ".")
	assertClean(t, r)
	assertChain(t, r)
	assertNote(t, r, "kubectl_path_documents pattern /**/*.yaml")
}

func TestHostileConfigSymlinkedOut(t *testing.T) {
	root, outside := hostileTree(t)
	symlink(t, filepath.Join(outside, "faultline.hcl"), filepath.Join(root, ".faultline.hcl"))
	r := runHostile(t, root, nil, ".")
	if r.exit != exitError || !strings.Contains(r.stderr, ".faultline.hcl is a symlink leading outside") {
		t.Errorf("exit %d, want %d with the reason:\n%s", r.exit, exitError, r.stderr)
	}
	assertClean(t, r)
}

func TestHostileExplicitInputsAreDevices(t *testing.T) {
	root, _ := hostileTree(t)
	for _, flag := range []string{"--baseline", "--config", "--var-file", "--plan"} {
		t.Run(flag, func(t *testing.T) {
			r := runHostile(t, root, nil, flag, "/dev/zero", ".")
			if r.exit != exitError || !strings.Contains(r.stderr, "not a regular file") {
				t.Errorf("exit %d, want %d naming the device:\n%s", r.exit, exitError, r.stderr)
			}
		})
	}
}

func TestHostileSymlinkedScanRoot(t *testing.T) {
	root, _ := hostileTree(t)
	link := filepath.Join(t.TempDir(), "checkout")
	symlink(t, root, link)
	r := runHostile(t, filepath.Dir(link), nil, "checkout")
	found := false
	for _, f := range r.findings(t) {
		found = found || f == "FL101@checkout/chain/nodeclass.yaml:6"
	}
	if !found {
		t.Errorf("a symlinked scan root was not followed: %v\n%s", r.findings(t), r.stderr)
	}
}

func TestHostileModuleAboveTheRootOutsideGit(t *testing.T) {
	// Outside git, a local module above the scan root is a note naming
	// --root: nothing in the tree widens what the run may read. With
	// --root, or a .faultline.hcl above, the user opens it, and it is read
	// as Terraform reads it.
	base := t.TempDir()
	writeFiles(t, base, map[string]string{
		"modules/group/main.tf": `variable "role_arn" {}
resource "aws_eks_node_group" "this" {
  cluster_name    = "prod"
  node_group_name = "apps"
  node_role_arn   = var.role_arn
  subnet_ids      = ["subnet-1"]
  scaling_config {
    desired_size = 1
    max_size     = 1
    min_size     = 1
  }
}
`,
		"live/prod/main.tf": `module "apps" {
  source   = "../../modules/group"
  role_arn = "arn:aws:iam::111122223333:role/apps-nodes"
}
`,
		"live/prod/nodeclass.yaml": "apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata:\n  name: apps\nspec:\n  role: apps-nodes\n  amiSelectorTerms:\n    - alias: al2023@latest\n",
	})
	prod := filepath.Join(base, "live", "prod")
	r := runHostile(t, prod, nil, ".")
	if len(r.findings(t)) != 0 || r.exit != 0 {
		t.Errorf("exit %d, findings %v: the tree widened to the module above it", r.exit, r.findings(t))
	}
	assertNote(t, r, "local source ../../modules/group not read: it lies above the tree's root (give --root DIR")

	found := func(r hostileRun) bool {
		fs := r.findings(t)
		return len(fs) > 0 && strings.HasPrefix(fs[0], "FL101@")
	}
	if r := runHostile(t, prod, nil, "--root", "../..", "."); !found(r) {
		t.Errorf("--root ../..: the module was not followed: %v\n%s", r.findings(t), r.stderr)
	}
	writeFiles(t, base, map[string]string{".faultline.hcl": "# the project\n"})
	if r := runHostile(t, prod, nil, "."); !found(r) {
		t.Errorf(".faultline.hcl above: the module was not followed: %v\n%s", r.findings(t), r.stderr)
	}
}

// TestHostileSourceNamesTheFilesystemRoot: outside git, a module source
// naming every ancestor up to / does not widen the tree, so a role name
// read from /proc/self/environ, /etc/passwd or a file beside the checkout
// prints nothing of them in any format; the module is a note.
func TestHostileSourceNamesTheFilesystemRoot(t *testing.T) {
	root, outside := hostileTree(t)
	up := strings.Repeat("../", strings.Count(root, "/")+3)
	writeFiles(t, root, map[string]string{
		"widen.tf":                "module \"w\" {\n  source = \"" + up + "\"\n}\n",
		"deep/a/b.tf":             "module \"w\" {\n  source = \"../../../../../../../../../../\"\n}\n",
		"kust/kustomization.yaml": "resources:\n  - " + up + "\n",
		"roles.tf": `resource "aws_iam_role" "env" {
  name = file("/proc/self/environ")
  assume_role_policy = jsonencode({
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::111122223333:oidc-provider/oidc.eks.us-east-1.amazonaws.com/id/ABC" }
      Condition = { StringEquals = { "oidc.eks.us-east-1.amazonaws.com/id/ABC:sub" = "system:serviceaccount:x:y" } }
    }]
  })
}
resource "aws_iam_role" "passwd" { name = file("/etc/passwd") }
resource "aws_iam_role" "beside" { name = file("` + filepath.Join(outside, "secret.tf") + `") }
resource "aws_iam_role" "relative" { name = file("${path.module}/` + up + `etc/passwd") }
`,
	})
	r := runHostile(t, root, nil, ".")
	assertClean(t, r)
	assertChain(t, r)
	assertNote(t, r, "module module.w: local source "+up+" not read: it lies above the tree's root")
	assertNote(t, r, "deep/a/b.tf:2: module module.w: local source ../../../../../../../../../../ not read")
	assertNote(t, r, "kust/kustomization.yaml:2: kustomize resource \""+up+"\" not read: it lies above the tree's root")
	// As pre-commit runs it: the staged file's chains, from the same tree.
	r = runHostile(t, root, nil, "--format", "json", "--", "roles.tf")
	assertClean(t, r)
	if fs := r.findings(t); len(fs) != 1 || fs[0] != "FL204@roles.tf:3" {
		t.Errorf("findings %v, want the role's FL204 alone", fs)
	}
}

func TestHostilePlanFromAPipe(t *testing.T) {
	// --plan <(terraform show -json plan) hands the binary /dev/fd/N.
	root, _ := hostileTree(t)
	bin := hostileBinary(t)
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		pw.WriteString(`{"format_version":"1.2","terraform_version":"1.11.0","planned_values":{"root_module":{}},"resource_changes":[]}`)
		pw.Close()
	}()
	ctx, cancel := context.WithTimeout(context.Background(), hostileDeadline)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "lint", "--no-color", "--plan", "/dev/fd/3", ".")
	cmd.Dir = root
	cmd.ExtraFiles = []*os.File{pr}
	out, err := cmd.CombinedOutput()
	pr.Close()
	var ee *exec.ExitError
	if errors.As(err, &ee) && ee.ExitCode() == exitError || ctx.Err() != nil {
		t.Fatalf("--plan from a pipe: %v\n%s", err, out)
	}
}

func TestHostileParallelRunsAgree(t *testing.T) {
	// One tree holding a case of every kind: a leak, a FIFO, nesting past
	// the bound, a Terraform budget reached, a kustomize cycle and an alias
	// bomb in a kustomize resource.
	root, _ := hostileTree(t)
	symlink(t, "/proc/self/environ", filepath.Join(root, "env.tf"))
	mkfifo(t, filepath.Join(root, "fifo.yaml"))
	kustomizeChain(t, root)
	var bomb strings.Builder
	bomb.WriteString("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bomb\ndata:\n  a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i < 10; i++ {
		fmt.Fprintf(&bomb, "  a%d: &a%d [*a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d]\n", i, i, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1)
	}
	writeFiles(t, root, map[string]string{
		"deep/main.tf":                      "locals {\n  x = " + strings.Repeat("(", 70000) + "1" + strings.Repeat(")", 70000) + "\n}\n",
		"budget/main.tf":                    "locals {\n  x = [for a in range(1024) : [for b in range(1024) : [for c in range(1024) : c]]]\n}\nresource \"aws_iam_role\" \"r\" { name = length(local.x) }\n",
		"deploy/prod/kustomization.yaml":    "resources:\n  - nodeclass.yaml\n  - ../staging\n",
		"deploy/staging/kustomization.yaml": "resources:\n  - ../prod\n  - bomb.yaml\n",
		"deploy/staging/bomb.yaml":          bomb.String(),
	})
	var wg sync.WaitGroup
	runs := make([]hostileRun, 8)
	for i := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runs[i] = runHostile(t, root, nil, ".")
		}()
	}
	wg.Wait()
	assertClean(t, runs[0])
	assertChain(t, runs[0])
	assertFinding(t, runs[0], overlayFound)
	for i, r := range runs[1:] {
		if r.exit != runs[0].exit || r.outputs["json"] != runs[0].outputs["json"] || r.outputs["sarif"] != runs[0].outputs["sarif"] {
			t.Errorf("run %d differs from run 0: exit %d vs %d", i+1, r.exit, runs[0].exit)
		}
	}
}

// kustomizeChain is an overlay whose node class completes the planted
// chain: when the overlay is dropped, the chain's finding goes with it.
func kustomizeChain(t *testing.T, root string) {
	t.Helper()
	writeFiles(t, root, map[string]string{
		"deploy/prod/kustomization.yaml": "resources:\n  - nodeclass.yaml\n",
		"deploy/prod/nodeclass.yaml":     "apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata:\n  name: prod\nspec:\n  role: shared-workers\n  amiSelectorTerms:\n    - alias: al2023@latest\n",
	})
}

// overlayFound is the finding kustomizeChain's overlay must produce.
const overlayFound = "FL101@deploy/prod/nodeclass.yaml:6"

func assertFinding(t *testing.T, r hostileRun, want string) {
	t.Helper()
	for _, f := range r.findings(t) {
		if f == want {
			return
		}
	}
	t.Errorf("finding %s is missing: %v\n%s%s", want, r.findings(t), r.stdout, r.stderr)
}

func TestHostileKustomize(t *testing.T) {
	cases := map[string]func(t *testing.T, root, outside string) (fl000 string){
		"cycle": func(t *testing.T, root, _ string) string {
			writeFiles(t, root, map[string]string{
				"deploy/prod/kustomization.yaml":    "resources:\n  - nodeclass.yaml\n  - ../staging\n",
				"deploy/staging/kustomization.yaml": "resources:\n  - ../prod\n",
			})
			return "FL000@deploy/"
		},
		"component naming the overlay": func(t *testing.T, root, _ string) string {
			writeFiles(t, root, map[string]string{
				"deploy/extra/kustomization.yaml": "apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\nresources:\n  - ../prod\n",
			})
			return ""
		},
		"resource symlinked out": func(t *testing.T, root, outside string) string {
			symlink(t, filepath.Join(outside, "base", "cm.yaml"), filepath.Join(root, "deploy", "prod", "cm.yaml"))
			writeFiles(t, root, map[string]string{"deploy/prod/kustomization.yaml": "resources:\n  - nodeclass.yaml\n  - cm.yaml\n"})
			return ""
		},
		"base symlinked out": func(t *testing.T, root, outside string) string {
			symlink(t, filepath.Join(outside, "base"), filepath.Join(root, "deploy", "base"))
			writeFiles(t, root, map[string]string{"deploy/prod/kustomization.yaml": "resources:\n  - nodeclass.yaml\n  - ../base\n"})
			return ""
		},
		"alias bomb in a listed file": func(t *testing.T, root, _ string) string {
			var b strings.Builder
			b.WriteString("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bomb\ndata:\n  a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n")
			for i := 1; i < 10; i++ {
				fmt.Fprintf(&b, "  a%d: &a%d [*a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d]\n", i, i, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1)
			}
			writeFiles(t, root, map[string]string{
				"deploy/prod/bomb.yaml":          b.String(),
				"deploy/prod/kustomization.yaml": "resources:\n  - nodeclass.yaml\n  - bomb.yaml\n",
			})
			return "FL000@deploy/prod/bomb.yaml"
		},
		"diamond 22 levels deep": func(t *testing.T, root, _ string) string {
			files := map[string]string{"deploy/prod/kustomization.yaml": "resources:\n  - nodeclass.yaml\n  - ../d0a\n  - ../d0b\n"}
			for i := 0; i < 22; i++ {
				next := fmt.Sprintf("  - ../d%da\n  - ../d%db\n", i+1, i+1)
				if i == 21 {
					next = "  - ../leaf\n"
				}
				// A name prefix per branch keeps every path's copy distinct:
				// valid for kustomize, and 2^22 copies of the leaf.
				files[fmt.Sprintf("deploy/d%da/kustomization.yaml", i)] = "namePrefix: a-\nresources:\n" + next
				files[fmt.Sprintf("deploy/d%db/kustomization.yaml", i)] = "namePrefix: b-\nresources:\n" + next
			}
			files["deploy/leaf/kustomization.yaml"] = "resources:\n  - cm.yaml\n"
			files["deploy/leaf/cm.yaml"] = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: leaf\n"
			writeFiles(t, root, files)
			return "FL000@deploy/"
		},
	}
	for name, build := range cases {
		t.Run(name, func(t *testing.T) {
			root, outside := hostileTree(t)
			kustomizeChain(t, root)
			fl000 := build(t, root, outside)
			r := runHostile(t, root, nil, ".")
			assertClean(t, r)
			assertFinding(t, r, overlayFound)
			if fl000 != "" {
				found := false
				for _, f := range r.findings(t) {
					found = found || strings.HasPrefix(f, fl000)
				}
				if !found {
					t.Errorf("no %s… finding: %v", fl000, r.findings(t))
				}
			}
		})
	}
}

// TestHostileEvaluation covers input that crashed the parsers or exhausted
// memory and time in evaluation: each ends with FL000 (broken input) or a
// coverage note (a bound reached), and the planted chain is still found.
func TestHostileEvaluation(t *testing.T) {
	deep := func(open, close string, n int) string {
		return strings.Repeat(open, n) + "1" + strings.Repeat(close, n)
	}
	var doubling strings.Builder
	doubling.WriteString("locals {\n  a0 = \"xx\"\n")
	for i := 1; i <= 36; i++ {
		fmt.Fprintf(&doubling, "  a%d = \"${local.a%d}${local.a%d}\"\n", i, i-1, i-1)
	}
	doubling.WriteString("}\nresource \"aws_iam_role\" \"r\" { name = local.a36 }\n")
	var bomb strings.Builder
	bomb.WriteString("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i < 10; i++ {
		fmt.Fprintf(&bomb, "a%d: &a%d [*a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d]\n", i, i, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1)
	}
	fanOut := map[string]string{"bad/main.tf": "module \"l1\" {\n  source = \"./l1\"\n  count  = 1000\n}\n"}
	for i := 1; i <= 5; i++ {
		body := "resource \"aws_iam_role\" \"r\" { name = \"r\" }\n"
		if i < 5 {
			body += fmt.Sprintf("module \"l%d\" {\n  source = \"./l%d\"\n  count  = 1000\n}\n", i+1, i+1)
		}
		fanOut["bad/"+pathTo(i)+"/main.tf"] = body
	}
	cases := map[string]struct {
		files map[string]string
		want  string // "FL000@file" or a note substring
	}{
		"70k nested ( in a .tf":       {map[string]string{"bad/main.tf": "locals {\n  x = " + deep("(", ")", 70000) + "\n}\n"}, "FL000@bad/main.tf"},
		"70k nested \"${ in a .tf":    {map[string]string{"bad/main.tf": "locals {\n  x = " + strings.Repeat("\"${", 70000) + "1" + strings.Repeat("}\"", 70000) + "\n}\n"}, "FL000@bad/main.tf"},
		"200k-deep .tf.json":          {map[string]string{"bad/main.tf.json": `{"locals": {"x": ` + strings.Repeat("[", 200000) + strings.Repeat("]", 200000) + "}}"}, "FL000@bad/main.tf.json"},
		"200k-deep terraform.tfvars":  {map[string]string{"bad/main.tf": "variable \"x\" {}\n", "bad/terraform.tfvars": "x = " + deep("[", "]", 200000) + "\n"}, "FL000@bad/terraform.tfvars"},
		"200k-deep YAML":              {map[string]string{"bad/deep.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: deep\ndata:\n  x: " + strings.Repeat("[", 200000) + strings.Repeat("]", 200000) + "\n"}, "FL000@bad/deep.yaml"},
		"setproduct 1024^3":           {map[string]string{"bad/main.tf": "locals {\n  p = setproduct(range(1024), range(1024), range(1024))\n}\nresource \"aws_iam_role\" \"r\" { name = length(local.p) }\n"}, "evaluation stopped at its"},
		"36 doubling locals":          {map[string]string{"bad/main.tf": doubling.String()}, "evaluation stopped at its"},
		"format width 999999999":      {map[string]string{"bad/main.tf": "resource \"aws_iam_role\" \"r\" { name = format(\"%0999999999d\", 1) }\n"}, "evaluation stopped at its"},
		"nested for 1024^3":           {map[string]string{"bad/main.tf": "locals {\n  x = [for a in range(1024) : [for b in range(1024) : [for c in range(1024) : c]]]\n}\nresource \"aws_iam_role\" \"r\" { name = length(local.x) }\n"}, "evaluation stopped at its"},
		"yamldecode of an alias bomb": {map[string]string{"bad/main.tf": "locals {\n  x = yamldecode(file(\"${path.module}/bomb.yaml\"))\n}\nresource \"aws_iam_role\" \"r\" { name = jsonencode(local.x) }\n", "bad/bomb.yaml": bomb.String()}, "evaluation stopped at its"},
		"module fan-out 1000^5":       {fanOut, "evaluation stopped at its"},
		"join over flatten of 1M":     {map[string]string{"bad/main.tf": "locals {\n  x = join(\"\", flatten([for a in range(1000) : [for b in range(1000) : tostring(b)]]))\n}\nresource \"aws_iam_role\" \"r\" { name = local.x }\n"}, "evaluation stopped at its"},
		"for_each over 1M keys":       {map[string]string{"bad/main.tf": "resource \"aws_iam_role\" \"r\" {\n  for_each = toset(flatten([for a in range(1000) : [for b in range(1000) : \"${a}-${b}\"]]))\n  name     = each.key\n}\n"}, "evaluation stopped at its"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			root, _ := hostileTree(t)
			writeFiles(t, root, c.files)
			r := runHostile(t, root, nil, ".")
			assertClean(t, r)
			assertChain(t, r)
			if strings.HasPrefix(c.want, "FL000@") {
				found := false
				for _, f := range r.findings(t) {
					found = found || strings.HasPrefix(f, c.want+":")
				}
				if !found {
					t.Errorf("no %s finding: %v", c.want, r.findings(t))
				}
				return
			}
			assertNote(t, r, c.want)
		})
	}
}

// pathTo is the directory of fan-out level i below bad/: l1, l1/l2, ….
func pathTo(i int) string {
	parts := make([]string, i)
	for j := range parts {
		parts[j] = fmt.Sprintf("l%d", j+1)
	}
	return strings.Join(parts, "/")
}

// TestHostileFlagNamedFiles: the files a pull request stages reach the
// binary as the pre-commit hook's entry passes them; named like flags
// (beside a baseline that holds every finding, and files a flag would
// overwrite) they are linted as files, and the chain stays.
func TestHostileFlagNamedFiles(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(repoRoot(t), ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var hooks []preCommitHook
	if err := yaml.Unmarshal(raw, &hooks); err != nil {
		t.Fatalf(".pre-commit-hooks.yaml: %v", err)
	}
	// The arguments after `lint` of every hook that gets file names
	// (`faultline lint ...` or `IMAGE lint ...`), each distinct list once.
	var lists [][]string
	seen := map[string]bool{}
	for _, h := range hooks {
		entry := strings.Fields(h.Entry)
		if h.PassFilenames != nil && !*h.PassFilenames || len(entry) < 2 || entry[1] != "lint" || seen[strings.Join(entry[2:], " ")] {
			continue
		}
		seen[strings.Join(entry[2:], " ")] = true
		lists = append(lists, entry[2:])
	}
	if len(lists) == 0 {
		t.Fatal(".pre-commit-hooks.yaml: no hook gets file names")
	}
	for _, args := range lists {
		t.Run(strings.Join(args, " "), func(t *testing.T) { testHostileFlagNamedFiles(t, args) })
	}
}

func testHostileFlagNamedFiles(t *testing.T, args []string) {
	root, _ := hostileTree(t)
	bin := hostileBinary(t)
	if out, err := exec.Command(bin, "lint", "--write-baseline", filepath.Join(root, "b.tfvars.json"), root).CombinedOutput(); err != nil && !strings.Contains(err.Error(), "exit status 1") {
		t.Fatalf("--write-baseline: %v\n%s", err, out)
	}
	writeFiles(t, root, map[string]string{"main.yaml": "keep: me\n"})
	staged := []string{"chain/nodes.tf", "--baseline=b.tfvars.json", "--output=markdown=main.yaml", "--write-baseline=k8s.yaml", "--disable=FL101.tf", "--fail-on=never.yaml", "--root=..yaml", "--config=main.yaml"}
	for _, f := range staged[1:] {
		writeFiles(t, root, map[string]string{f: "{}\n"})
	}
	r := runHostile(t, root, nil, append(append([]string(nil), args...), staged...)...)
	assertClean(t, r)
	assertChain(t, r)
	if r.exit != 1 {
		t.Errorf("exit %d, want 1 (the chain)\n%s", r.exit, r.stderr)
	}
	if got, _ := os.ReadFile(filepath.Join(root, "main.yaml")); string(got) != "keep: me\n" {
		t.Errorf("main.yaml was overwritten: %q", got)
	}
	if _, err := os.Stat(filepath.Join(root, "k8s.yaml")); err == nil {
		t.Error("a file named --write-baseline=k8s.yaml wrote k8s.yaml")
	}
}

// TestHostileNestedConfig: inside a repository, a .faultline.hcl a pull
// request adds below the top level (turning the rule off and excluding
// everything) next to a staged file changes neither the scan root nor the
// findings, whatever the order of the files.
func TestHostileNestedConfig(t *testing.T) {
	requireTool(t, "git")
	root, _ := hostileTree(t)
	gitIn(t, root, "init", "-q", "-b", "main")
	writeFiles(t, root, map[string]string{
		"aaa/.faultline.hcl": "exclude = [\"**\"]\nrule \"FL101\" {\n  enabled = false\n}\n",
		"aaa/x.yaml":         "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n",
	})
	for _, files := range [][]string{{"aaa/x.yaml", "chain/nodeclass.yaml"}, {"chain/nodeclass.yaml", "aaa/x.yaml"}} {
		r := runHostile(t, root, nil, append([]string{"--"}, files...)...)
		assertChain(t, r)
		assertNote(t, r, "aaa/.faultline.hcl: not applied")
		if r.exit != 1 {
			t.Errorf("%v: exit %d, want 1", files, r.exit)
		}
	}
}
