package changes

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
)

// markers is a directory where every program a hostile configuration
// names leaves a file when it runs.
type markers string

// script writes an executable that leaves the marker name, then runs
// body (a shell fragment), and returns its path.
func (m markers) script(t *testing.T, name, body string) string {
	t.Helper()
	dir := filepath.Join(filepath.Dir(string(m)), "bin")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	src := "#!/bin/sh\ntouch '" + filepath.Join(string(m), name) + "'\n" + body + "\n"
	if err := os.WriteFile(p, []byte(src), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// ran lists the markers left, and removes them.
func (m markers) ran(t *testing.T) []string {
	t.Helper()
	es, err := os.ReadDir(string(m))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
		os.Remove(filepath.Join(string(m), e.Name()))
	}
	sort.Strings(out)
	return out
}

func newMarkers(t *testing.T) markers {
	t.Helper()
	m := filepath.Join(t.TempDir(), "ran")
	if err := os.Mkdir(m, 0o755); err != nil {
		t.Fatal(err)
	}
	return markers(m)
}

// arm points every program setting of the repository in dir at a marker
// script: fsmonitor, hooks, pager, external diff, textconv, filters
// (clean, smudge, a long-running process, required), merge driver,
// credential helper and ssh command.
func arm(t *testing.T, dir string, m markers) {
	t.Helper()
	hooks := filepath.Join(filepath.Dir(string(m)), "hooks")
	if err := os.MkdirAll(hooks, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, h := range []string{"post-index-change", "reference-transaction", "post-checkout", "pre-auto-gc"} {
		src := "#!/bin/sh\ntouch '" + filepath.Join(string(m), "hook-"+h) + "'\n"
		if err := os.WriteFile(filepath.Join(hooks, h), []byte(src), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, kv := range [][2]string{
		{"core.fsmonitor", m.script(t, "fsmonitor", "")},
		{"core.hooksPath", hooks},
		{"core.pager", m.script(t, "pager", "cat")},
		{"diff.external", m.script(t, "external-diff", "")},
		{"diff.tc.textconv", m.script(t, "textconv", `tr a-z A-Z < "$1"`)},
		{"filter.fl.clean", m.script(t, "clean", "cat")},
		{"filter.fl.smudge", m.script(t, "smudge", "cat")},
		{"filter.fl.required", "true"},
		{"filter.fp.process", m.script(t, "process", "exit 1")},
		{"merge.mg.driver", m.script(t, "merge", "exit 1")},
		{"credential.helper", m.script(t, "credential", "")},
		{"core.sshCommand", m.script(t, "ssh", "exit 1")},
	} {
		git(t, dir, "config", kv[0], kv[1])
	}
}

// hostileRepo is a feature branch with a committed change, an unstaged
// same-size edit, an untracked file and an untouched file with a new
// modification time (git must read both through their filters to tell),
// in a repository armed with marker programs.
func hostileRepo(t *testing.T, m markers) string {
	t.Helper()
	dir := newRepo(t, map[string]string{
		".gitattributes": "*.tf diff=tc filter=fl merge=mg\n*.yaml filter=fp\n",
		"infra/a.tf":     "role = \"a\"\n",
		"infra/b.tf":     "role = \"b\"\n",
		"k8s/a.yaml":     "kind: A\n",
	})
	git(t, dir, "switch", "-q", "-c", "feature")
	write(t, dir, "infra/a.tf", "role = \"c\"\n")
	commitAll(t, dir, "feature")
	write(t, dir, "k8s/a.yaml", "kind: B\n")
	write(t, dir, "new.tf", "role = \"n\"\n")
	old := time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, f := range []string{"k8s/a.yaml", "infra/b.tf"} {
		if err := os.Chtimes(filepath.Join(dir, filepath.FromSlash(f)), old, old); err != nil {
			t.Fatal(err)
		}
	}
	arm(t, dir, m)
	return dir
}

// hostileEnv sets the GIT_* variables a caller's environment could carry,
// each pointing at a marker program or at another repository.
func hostileEnv(t *testing.T, m markers) {
	t.Helper()
	other := newRepo(t, map[string]string{"other.tf": "# another repository\n"})
	write(t, other, "other.tf", "# changed there\n")
	fsm := m.script(t, "env-fsmonitor", "")
	for k, v := range map[string]string{
		"GIT_DIR":               filepath.Join(other, ".git"),
		"GIT_WORK_TREE":         other,
		"GIT_EXTERNAL_DIFF":     m.script(t, "env-external-diff", ""),
		"GIT_PAGER":             m.script(t, "env-pager", "cat"),
		"GIT_SSH_COMMAND":       m.script(t, "env-ssh", "exit 1"),
		"GIT_ASKPASS":           m.script(t, "env-askpass", ""),
		"GIT_CONFIG_COUNT":      "1",
		"GIT_CONFIG_KEY_0":      "core.fsmonitor",
		"GIT_CONFIG_VALUE_0":    fsm,
		"GIT_CONFIG_PARAMETERS": "'core.fsmonitor'='" + fsm + "'",
		"GIT_OPTIONAL_LOCKS":    "1",
	} {
		t.Setenv(k, v)
	}
}

// TestHostileConfigRunsNothing arms a repository's configuration (and
// the environment) with programs, checks that plain git runs them, then
// runs --changed and --base's code: no program runs and the results are
// right.
func TestHostileConfigRunsNothing(t *testing.T) {
	isolate(t)
	m := newMarkers(t)
	dir := hostileRepo(t, m)

	// Control: plain git runs them, so the fixture is live (and fails:
	// the process filter does not speak the protocol).
	runPlain(dir, "status", "--porcelain")
	runPlain(dir, "-c", "filter.fp.process=", "status", "--porcelain") // gets to write the index
	got := m.ran(t)
	for _, want := range []string{"fsmonitor", "hook-post-index-change", "clean", "process"} {
		if !slices.Contains(got, want) {
			t.Errorf("plain git status did not run %s (ran %q): the fixture is not live", want, got)
		}
	}
	git(t, dir, "diff", "main", "HEAD")
	git(t, dir, "diff", "--no-ext-diff", "main", "HEAD")
	if got := m.ran(t); !reflect.DeepEqual(got, []string{"external-diff", "smudge", "textconv"}) {
		t.Errorf("plain git diff ran %q, want the external diff, smudge and textconv", got)
	}
	if p := git(t, dir, "var", "GIT_PAGER"); !strings.HasSuffix(p, "pager") {
		t.Errorf("plain git's pager is %q, want the marker script", p)
	}

	// The user's own configuration (where git looks by default, and
	// where GIT_CONFIG_GLOBAL says) and environment are armed too.
	home := t.TempDir()
	userConfig := "[faultline]\n\tprobe = global\n[core]\n\tfsmonitor = " + m.script(t, "global-fsmonitor", "") + "\n"
	write(t, home, ".gitconfig", userConfig)
	write(t, home, "elsewhere", userConfig)
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	hostileEnv(t, m)
	t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(home, "elsewhere"))

	// git status would refresh the index for a new modification time.
	older := time.Date(2002, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := os.Chtimes(filepath.Join(dir, "infra", "b.tf"), older, older); err != nil {
		t.Fatal(err)
	}
	index, _ := os.ReadFile(filepath.Join(dir, ".git", "index"))

	s, err := Changed(dir, "main")
	if err != nil {
		t.Fatal(err)
	}
	if after, _ := os.ReadFile(filepath.Join(dir, ".git", "index")); string(after) != string(index) {
		t.Error("Changed wrote the index")
	}
	if want := []string{"infra/a.tf", "k8s/a.yaml", "new.tf"}; !reflect.DeepEqual(s.Files, want) {
		t.Errorf("Changed: got %q, want %q", s.Files, want)
	}
	wantLines := map[string]Lines{
		"infra/a.tf": {Ranges: []LineRange{{1, 1}}},
		"k8s/a.yaml": {Ranges: []LineRange{{1, 1}}},
		"new.tf":     {Whole: true},
	}
	if !reflect.DeepEqual(s.Lines, wantLines) {
		t.Errorf("Changed lines: got %+v, want %+v", s.Lines, wantLines)
	}
	rev, err := ResolveBase(dir, "main")
	if err != nil {
		t.Fatal(err)
	}
	if rev.Commit != s.Base {
		t.Errorf("ResolveBase = %s, Changed's base %s", rev.Commit, s.Base)
	}
	dst := t.TempDir()
	if err := Export(rev.Root, rev.Commit, dst); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dst, "infra", "a.tf")); string(b) != "role = \"a\"\n" {
		t.Errorf("exported infra/a.tf = %q, want the base's content unfiltered", b)
	}

	// The runner itself, on commands faultline does not run but that
	// would start each program: the blanked external diff and textconv
	// make git refuse (an empty command) rather than run anything.
	g, err := newRunner(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"diff", "main", "HEAD"}, {"diff", "--no-ext-diff", "main", "HEAD"}} {
		if _, err := g.out(args...); err == nil {
			t.Errorf("git %q: err = %v, want git refusing to run an empty command", args, err)
		}
	}
	if d, err := g.out("diff", "--no-ext-diff", "--no-textconv", "main", "HEAD"); err != nil || !strings.Contains(d, "-role = \"a\"") {
		t.Errorf("patch diff = %q, %v; want the raw lines", d, err)
	}
	if _, err := g.out("update-index", "-q", "--refresh"); err != nil { // writes the index: post-index-change
		t.Errorf("update-index: %v", err)
	}
	if p, _ := g.out("var", "GIT_PAGER"); strings.TrimSpace(p) != "cat" {
		t.Errorf("pager = %q, want cat", p)
	}
	if v, err := g.out("config", "--get", "faultline.probe"); err == nil {
		t.Errorf("the global configuration was read: faultline.probe = %q", v)
	}
	if got := m.ran(t); len(got) != 0 {
		t.Errorf("programs ran: %q", got)
	}
}

// TestPartialCloneDoesNotFetch: cat-file in a partial clone would fetch
// the missing blobs through the configured ssh command; Export fails
// instead, and no other command reaches a remote.
func TestPartialCloneDoesNotFetch(t *testing.T) {
	isolate(t)
	m := newMarkers(t)
	upstream := newRepo(t, map[string]string{"main.tf": "# x\n"})
	git(t, upstream, "config", "uploadpack.allowFilter", "true")
	clone := filepath.Join(t.TempDir(), "clone")
	git(t, t.TempDir(), "clone", "-q", "--filter=blob:none", "--no-checkout", "file://"+upstream, clone)
	git(t, clone, "config", "remote.origin.url", "ssh://example.invalid/repo")
	git(t, clone, "config", "core.sshCommand", m.script(t, "ssh", "exit 1"))

	if _, err := runPlain(clone, "cat-file", "-p", "HEAD:main.tf"); err == nil {
		t.Fatal("the blob is present: the clone is not partial")
	}
	if got := m.ran(t); !reflect.DeepEqual(got, []string{"ssh"}) {
		t.Fatalf("plain git cat-file ran %q, want the ssh command: the fixture is not live", got)
	}
	rev, err := ResolveBase(clone, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	if err := Export(rev.Root, rev.Commit, t.TempDir()); err == nil {
		t.Error("Export of a partial clone without the blobs succeeded")
	}
	// Nor does any transport start: no lazy fetch needed to get here.
	g, err := newRunner(clone)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.out("ls-remote", "origin"); err == nil {
		t.Error("git ls-remote reached the remote")
	}
	if got := m.ran(t); len(got) != 0 {
		t.Errorf("programs ran: %q", got)
	}
}

// TestSafeDirectoryKept: safe.directory comes from the caller's system,
// global and command-line configuration, never from the repository.
func TestSafeDirectoryKept(t *testing.T) {
	isolate(t)
	dir := newRepo(t, map[string]string{"a.tf": "# x\n"})
	git(t, dir, "config", "safe.directory", "/from-the-repository")
	global := filepath.Join(t.TempDir(), "gitconfig")
	write(t, filepath.Dir(global), "gitconfig", "[safe]\n\tdirectory = /from-global\n\tdirectory = "+dir+"\n")
	t.Setenv("GIT_CONFIG_GLOBAL", global)
	t.Setenv("GIT_CONFIG_COUNT", "1")
	t.Setenv("GIT_CONFIG_KEY_0", "safe.directory")
	t.Setenv("GIT_CONFIG_VALUE_0", "/from-the-command-line")
	want := []string{"/from-global", dir, "/from-the-command-line"}
	if got := protectedSafeDirs(dir); !reflect.DeepEqual(got, want) {
		t.Errorf("protectedSafeDirs = %q, want %q", got, want)
	}
	if os.Geteuid() != 0 {
		return // only root can hand the repository to another owner
	}
	if err := filepath.Walk(dir, func(p string, _ os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, 65534, 65534)
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := Changed(dir, "HEAD"); err != nil {
		t.Errorf("a repository of another owner listed in the global safe.directory: %v", err)
	}
	t.Setenv("GIT_CONFIG_GLOBAL", os.DevNull)
	if _, err := Changed(dir, "HEAD"); !errors.Is(err, ErrNotRepository) || !strings.Contains(err.Error(), "dubious ownership") {
		t.Errorf("without safe.directory: err = %v, want git's dubious ownership", err)
	}
}

// TestDriverNameWithEquals: a driver -c cannot override is an error, not
// a program left running.
func TestDriverNameWithEquals(t *testing.T) {
	isolate(t)
	dir := newRepo(t, map[string]string{"a.tf": "# x\n"})
	f, err := os.OpenFile(filepath.Join(dir, ".git", "config"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("[filter \"a=b\"]\n\tclean = /bin/false\n")
	f.Close()
	if _, err := Changed(dir, "HEAD"); err == nil || !strings.Contains(err.Error(), `filter.a=b.clean`) {
		t.Errorf("err = %v, want the driver named", err)
	}
}

// runPlain runs git as a user would, with the test's environment.
func runPlain(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	b, err := cmd.CombinedOutput()
	return string(b), err
}
