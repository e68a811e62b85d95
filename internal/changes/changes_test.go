package changes

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// isolate keeps the user's git configuration out of the tests.
func isolate(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	t.Setenv("GIT_CONFIG_GLOBAL", os.DevNull)
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("GIT_TERMINAL_PROMPT", "0")
	for _, v := range []string{"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY"} {
		t.Setenv(v, "")
		os.Unsetenv(v)
	}
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

func write(t *testing.T, dir, name, content string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// newRepo makes a repository on branch main with one commit.
func newRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	git(t, dir, "init", "-q", "-b", "main")
	git(t, dir, "config", "user.name", "faultline test")
	git(t, dir, "config", "user.email", "test@example.invalid")
	git(t, dir, "config", "commit.gpgsign", "false")
	for name, content := range files {
		write(t, dir, name, content)
	}
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "--allow-empty", "-m", "initial")
	return dir
}

func commitAll(t *testing.T, dir, msg string) {
	t.Helper()
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", msg)
}

// feature builds the common case: main, a feature branch with committed,
// renamed, deleted, staged, unstaged, untracked and ignored changes, and a
// later commit on main that is not the branch's business.
func feature(t *testing.T) string {
	t.Helper()
	dir := newRepo(t, map[string]string{
		"infra/iam.tf":           "# role\n",
		"infra/old-name.tf":      "# a module call that moves\n" + strings.Repeat("resource \"x\" \"y\" {}\n", 8),
		"infra/gone.tf":          "# deleted on the branch\n",
		"k8s/nodeclass.yaml":     "kind: EC2NodeClass\n",
		"k8s/nodepool.yaml":      "kind: NodePool\n",
		"charts/app/values.yaml": "a: 1\n",
		".gitignore":             "*.log\n",
	})
	git(t, dir, "switch", "-q", "-c", "feature")
	write(t, dir, "infra/iam.tf", "# role, changed\n")
	git(t, dir, "mv", "infra/old-name.tf", "infra/new-name.tf")
	git(t, dir, "rm", "-q", "infra/gone.tf")
	commitAll(t, dir, "feature work")
	// Work tree: staged, unstaged, untracked, ignored.
	write(t, dir, "k8s/staged.yaml", "kind: NodePool\n")
	git(t, dir, "add", "k8s/staged.yaml")
	write(t, dir, "k8s/nodeclass.yaml", "kind: EC2NodeClass # edited\n")
	write(t, dir, "new dir/ünïcode file.yaml", "kind: ServiceAccount\n")
	write(t, dir, "debug.log", "ignored\n")
	// main moves on: not part of the branch's changes.
	git(t, dir, "stash", "-q", "--include-untracked")
	git(t, dir, "switch", "-q", "main")
	write(t, dir, "k8s/nodepool.yaml", "kind: NodePool # changed on main\n")
	commitAll(t, dir, "main moves on")
	git(t, dir, "switch", "-q", "feature")
	git(t, dir, "stash", "pop", "-q", "--index")
	write(t, dir, "debug.log", "ignored\n")
	return dir
}

func TestChangedDefaultBranch(t *testing.T) {
	isolate(t)
	dir := feature(t)
	s, err := Changed(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"infra/gone.tf",
		"infra/iam.tf",
		"infra/new-name.tf",
		"infra/old-name.tf",
		"k8s/nodeclass.yaml",
		"k8s/staged.yaml",
		"new dir/ünïcode file.yaml",
	}
	if !reflect.DeepEqual(s.Files, want) {
		t.Errorf("files:\n got %q\nwant %q", s.Files, want)
	}
	if mb := git(t, dir, "merge-base", "main", "HEAD"); s.Base != mb {
		t.Errorf("base = %s, want the merge base %s", s.Base, mb)
	}
	real, _ := filepath.EvalSymlinks(dir)
	if r, _ := filepath.EvalSymlinks(s.Root); r != real {
		t.Errorf("root = %s, want %s", s.Root, real)
	}
	// ChangedFiles is the same list; any directory of the tree finds it.
	files, err := ChangedFiles(filepath.Join(dir, "k8s"), "")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(files, want) {
		t.Errorf("from a subdirectory: got %q", files)
	}
}

func TestChangedExplicitBase(t *testing.T) {
	isolate(t)
	dir := feature(t)
	// The feature commit itself as base: only the work tree's changes.
	s, err := Changed(dir, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"k8s/nodeclass.yaml", "k8s/staged.yaml", "new dir/ünïcode file.yaml"}
	if !reflect.DeepEqual(s.Files, want) {
		t.Errorf("--base HEAD: got %q, want %q", s.Files, want)
	}
	// main by name: the merge base, so main's own later commit is not a change.
	s, err = Changed(dir, "main")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range s.Files {
		if f == "k8s/nodepool.yaml" {
			t.Errorf("--base main lists k8s/nodepool.yaml, changed only on main: %q", s.Files)
		}
	}
	// A commit ID.
	id := git(t, dir, "rev-parse", "HEAD~1")
	s, err = Changed(dir, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Files) != 7 {
		t.Errorf("--base %s: got %q", id, s.Files)
	}
}

func TestChangedCleanTree(t *testing.T) {
	isolate(t)
	dir := newRepo(t, map[string]string{"main.tf": "# x\n"})
	s, err := Changed(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Files) != 0 {
		t.Errorf("on main with a clean tree: got %q, want nothing", s.Files)
	}
}

func TestChangedOriginHEAD(t *testing.T) {
	isolate(t)
	upstream := newRepo(t, map[string]string{"main.tf": "# x\n", "b.tf": "# b\n"})
	git(t, upstream, "branch", "-q", "-m", "main", "trunk")
	clone := filepath.Join(t.TempDir(), "clone")
	git(t, t.TempDir(), "clone", "-q", upstream, clone)
	git(t, clone, "config", "user.name", "faultline test")
	git(t, clone, "config", "user.email", "test@example.invalid")
	if ref := git(t, clone, "symbolic-ref", "refs/remotes/origin/HEAD"); ref != "refs/remotes/origin/trunk" {
		t.Fatalf("origin/HEAD = %s", ref)
	}
	git(t, clone, "switch", "-q", "-c", "topic")
	write(t, clone, "b.tf", "# b changed\n")
	commitAll(t, clone, "topic")
	s, err := Changed(clone, "")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(s.Files, []string{"b.tf"}) {
		t.Errorf("got %q, want [b.tf]", s.Files)
	}
	if want := git(t, clone, "rev-parse", "origin/trunk"); s.Base != want {
		t.Errorf("base = %s, want origin/trunk %s", s.Base, want)
	}
}

func TestChangedErrors(t *testing.T) {
	isolate(t)
	t.Run("not a repository", func(t *testing.T) {
		_, err := Changed(t.TempDir(), "")
		if !errors.Is(err, ErrNotRepository) {
			t.Fatalf("err = %v, want ErrNotRepository", err)
		}
	})
	t.Run("unknown revision", func(t *testing.T) {
		dir := newRepo(t, map[string]string{"main.tf": "# x\n"})
		_, err := Changed(dir, "no-such-branch")
		if !errors.Is(err, ErrUnknownRevision) || !strings.Contains(err.Error(), `"no-such-branch"`) {
			t.Fatalf("err = %v, want ErrUnknownRevision naming the revision", err)
		}
		_, err = Changed(dir, "--output=/tmp/x")
		if !errors.Is(err, ErrUnknownRevision) {
			t.Fatalf("an option-looking base: err = %v, want ErrUnknownRevision", err)
		}
	})
	t.Run("no default branch", func(t *testing.T) {
		dir := newRepo(t, map[string]string{"main.tf": "# x\n"})
		git(t, dir, "branch", "-q", "-m", "main", "trunk")
		_, err := Changed(dir, "")
		if !errors.Is(err, ErrNoDefaultBranch) || !strings.Contains(err.Error(), "--base") {
			t.Fatalf("err = %v, want ErrNoDefaultBranch suggesting --base", err)
		}
	})
	t.Run("unrelated history", func(t *testing.T) {
		dir := newRepo(t, map[string]string{"main.tf": "# x\n"})
		git(t, dir, "switch", "-q", "--orphan", "other")
		write(t, dir, "other.tf", "# y\n")
		commitAll(t, dir, "other root")
		_, err := Changed(dir, "main")
		if !errors.Is(err, ErrUnknownRevision) || !strings.Contains(err.Error(), "no common ancestor") {
			t.Fatalf("err = %v, want no common ancestor", err)
		}
	})
}

// TestChangedShallow is the CI case: actions/checkout's default depth 1
// has neither the default branch nor the merge base.
func TestChangedShallow(t *testing.T) {
	isolate(t)
	upstream := newRepo(t, map[string]string{"main.tf": "# x\n"})
	git(t, upstream, "switch", "-q", "-c", "feature")
	for i := range 3 {
		write(t, upstream, "main.tf", strings.Repeat("# x\n", i+2))
		commitAll(t, upstream, "feature commit")
	}
	clone := filepath.Join(t.TempDir(), "clone")
	git(t, t.TempDir(), "clone", "-q", "--depth", "1", "--single-branch", "--branch", "feature", "file://"+upstream, clone)
	if git(t, clone, "rev-parse", "--is-shallow-repository") != "true" {
		t.Fatal("clone is not shallow")
	}
	// actions/checkout fetches one commit into an empty repository: no
	// origin/HEAD (git clone --branch would point it at the branch itself).
	git(t, clone, "remote", "set-head", "origin", "-d")
	for _, base := range []string{"", "main", "origin/main"} {
		_, err := Changed(clone, base)
		if !errors.Is(err, ErrShallow) || !strings.Contains(err.Error(), "fetch-depth: 0") {
			t.Errorf("base %q: err = %v, want ErrShallow saying fetch-depth: 0", base, err)
		}
	}
	// The base fetched but the history between cut off.
	git(t, clone, "fetch", "-q", "--depth", "1", "origin", "main:refs/remotes/origin/main")
	_, err := Changed(clone, "origin/main")
	if !errors.Is(err, ErrShallow) {
		t.Errorf("base fetched, history cut: err = %v, want ErrShallow", err)
	}
	// Full depth: fine.
	git(t, clone, "fetch", "-q", "--unshallow")
	s, err := Changed(clone, "origin/main")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(s.Files, []string{"main.tf"}) {
		t.Errorf("after unshallow: got %q", s.Files)
	}
}

func TestChangedUnbornHEAD(t *testing.T) {
	isolate(t)
	dir := t.TempDir()
	git(t, dir, "init", "-q", "-b", "main")
	write(t, dir, "infra/main.tf", "# x\n")
	write(t, dir, "k8s/a.yaml", "kind: A\n")
	git(t, dir, "add", "infra/main.tf")
	s, err := Changed(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(s.Files, []string{"infra/main.tf", "k8s/a.yaml"}) || s.Base != "" {
		t.Errorf("got %q base %q", s.Files, s.Base)
	}
	if _, err := Changed(dir, "main"); !errors.Is(err, ErrUnknownRevision) {
		t.Errorf("--base before the first commit: err = %v", err)
	}
}

func TestRelTo(t *testing.T) {
	isolate(t)
	dir := newRepo(t, map[string]string{"infra/main.tf": "# x\n", "k8s/a.yaml": "kind: A\n"})
	write(t, dir, "infra/main.tf", "# y\n")
	write(t, dir, "k8s/a.yaml", "kind: B\n")
	// Through a symlink to the repository, as /tmp is on some systems.
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(dir, link); err != nil {
		t.Skip("symlinks:", err)
	}
	s, err := Changed(link, "")
	if err != nil {
		t.Fatal(err)
	}
	if got := s.RelTo(link); !reflect.DeepEqual(got, []string{"infra/main.tf", "k8s/a.yaml"}) {
		t.Errorf("RelTo(root through a symlink) = %q", got)
	}
	if got := s.RelTo(filepath.Join(link, "k8s")); !reflect.DeepEqual(got, []string{"../infra/main.tf", "a.yaml"}) {
		t.Errorf("RelTo(k8s) = %q", got)
	}
	for _, a := range s.Abs() {
		if _, err := os.Stat(a); err != nil {
			t.Errorf("Abs: %v", err)
		}
	}
}

func TestParse(t *testing.T) {
	ns := parseNameStatus([]byte("M\x00a.tf\x00R087\x00old.tf\x00new.tf\x00D\x00gone.yaml\x00C100\x00src.tf\x00copy.tf\x00"))
	if want := []string{"a.tf", "old.tf", "new.tf", "gone.yaml", "src.tf", "copy.tf"}; !reflect.DeepEqual(ns, want) {
		t.Errorf("name-status: %q", ns)
	}
	st := parseStatus([]byte(" M a.tf\x00R  new.tf\x00old.tf\x00?? dir/x y.yaml\x00A  staged.tf\x00"))
	if want := []string{"a.tf", "new.tf", "old.tf", "dir/x y.yaml", "staged.tf"}; !reflect.DeepEqual(st, want) {
		t.Errorf("status: %q", st)
	}
	if parseStatus(nil) != nil || parseNameStatus([]byte{}) != nil {
		t.Error("empty input")
	}
}
