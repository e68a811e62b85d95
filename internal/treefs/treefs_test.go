//go:build unix

package treefs

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// layout makes root/ (the tree) and outside/ beside it.
func layout(t *testing.T) (root, outside string) {
	t.Helper()
	base := t.TempDir()
	root, outside = filepath.Join(base, "root"), filepath.Join(base, "outside")
	for _, d := range []string{root, outside, filepath.Join(root, "live", "prod"), filepath.Join(outside, "mod")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write(t, filepath.Join(root, "main.tf"), "resource \"x\" \"y\" {}\n")
	write(t, filepath.Join(outside, "secret.txt"), "TOKEN=hunter2\n")
	write(t, filepath.Join(outside, "mod", "main.tf"), "variable \"a\" {}\n")
	return root, outside
}

func write(t *testing.T, p, s string) {
	t.Helper()
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestReadFileInsideTree(t *testing.T) {
	root, _ := layout(t)
	tr := New([]string{root}, "")
	got, err := tr.ReadFile(filepath.Join(root, "main.tf"), 1<<20)
	if err != nil || !strings.Contains(string(got), "resource") {
		t.Fatalf("ReadFile = %q, %v", got, err)
	}
	// A symlink that stays inside is followed.
	if err := os.Symlink("main.tf", filepath.Join(root, "alias.tf")); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.ReadFile(filepath.Join(root, "alias.tf"), 1<<20); err != nil {
		t.Fatalf("inside symlink: %v", err)
	}
}

func TestReadFileRefusesSymlinkOut(t *testing.T) {
	root, outside := layout(t)
	tr := New([]string{root}, "")
	for name, target := range map[string]string{
		"env.tf":    "/proc/self/environ",
		"passwd.tf": "/etc/passwd",
		"secret.tf": filepath.Join(outside, "secret.txt"),
	} {
		link := filepath.Join(root, name)
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
		data, err := tr.ReadFile(link, 1<<20)
		if !errors.Is(err, ErrOutside) || data != nil {
			t.Errorf("%s → %s: got %d bytes, %v; want ErrOutside", name, target, len(data), err)
		}
		if tr.Contains(link) {
			t.Errorf("Contains(%s) = true", name)
		}
	}
}

func TestReadFileRefusesNonRegular(t *testing.T) {
	root, _ := layout(t)
	tr := New([]string{root}, "")
	fifo := filepath.Join(root, "fifo.tf")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	done := make(chan error, 1)
	go func() { _, err := tr.ReadFile(fifo, 1<<20); done <- err }()
	select {
	case err := <-done:
		if !errors.Is(err, ErrNotRegular) {
			t.Errorf("FIFO: %v, want ErrNotRegular", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("reading a FIFO blocked")
	}
	// A device, however it was reached, is not a regular file.
	zero, err := os.Open("/dev/zero")
	if err != nil {
		t.Fatal(err)
	}
	defer zero.Close()
	if _, _, err := readOpen(zero, 1<<20); !errors.Is(err, ErrNotRegular) {
		t.Errorf("/dev/zero: %v, want ErrNotRegular", err)
	}
	// A tree rooted at /dev reads nothing at all.
	if _, err := New([]string{"/dev"}, "").ReadFile("/dev/zero", 1<<20); !errors.Is(err, ErrSystem) {
		t.Errorf("/dev/zero in a tree rooted at /dev: %v, want ErrSystem", err)
	}
	if _, err := tr.ReadFile(root, 1<<20); err == nil {
		t.Error("a directory was read as a file")
	}
}

func TestReadFileCap(t *testing.T) {
	root, _ := layout(t)
	tr := New([]string{root}, "")
	p := filepath.Join(root, "big.yaml")
	write(t, p, strings.Repeat("a", 2048))
	if _, err := tr.ReadFile(p, 2048); err != nil {
		t.Errorf("at the limit: %v", err)
	}
	if _, err := tr.ReadFile(p, 2047); !errors.Is(err, ErrTooLarge) {
		t.Errorf("over the limit: %v, want ErrTooLarge", err)
	}
}

func TestRepoTopLevelBoundsTheTree(t *testing.T) {
	root, outside := layout(t)
	// In a repository, a file above the scan root but below the top level
	// is readable; nothing above the top level is.
	tr := New([]string{filepath.Join(root, "live", "prod")}, root)
	if _, err := tr.ReadFile(filepath.Join(root, "main.tf"), 1<<20); err != nil {
		t.Errorf("file below the top level: %v", err)
	}
	if _, err := tr.Reach(filepath.Join(outside, "mod")); !errors.Is(err, ErrAboveRepo) {
		t.Errorf("Reach above the top level: %v, want ErrAboveRepo", err)
	}
	if tr.Contains(filepath.Join(outside, "mod", "main.tf")) {
		t.Error("a directory above the top level joined the tree")
	}
}

// TestReachNeverWidensOutsideGit: outside git a module source naming any
// ancestor (../../.. up to /) stays out, and the tree is the same after.
func TestReachNeverWidensOutsideGit(t *testing.T) {
	root, outside := layout(t)
	prod := filepath.Join(root, "live", "prod")
	tr := New([]string{prod}, "")
	for _, dir := range []string{
		filepath.Join(prod, "..", "..", "..", "outside", "mod"),
		filepath.Join(prod, strings.Repeat("../", 40)),
		root,
	} {
		if _, err := tr.Reach(dir); !errors.Is(err, ErrAboveRoot) {
			t.Errorf("Reach(%s) = %v, want ErrAboveRoot", dir, err)
		}
	}
	if real, err := tr.Reach(filepath.Join(prod, ".")); err != nil || real != prod {
		t.Errorf("Reach of the root itself = %q, %v", real, err)
	}
	for _, p := range []string{filepath.Join(outside, "mod", "main.tf"), filepath.Join(root, "main.tf"), "/etc/passwd"} {
		if tr.Contains(p) {
			t.Errorf("%s joined the tree", p)
		}
		if _, err := tr.ReadFile(p, 1<<20); !errors.Is(err, ErrOutside) {
			t.Errorf("ReadFile(%s) = %v, want ErrOutside", p, err)
		}
	}
	if got := tr.Roots(); len(got) != 1 || got[0] != prod {
		t.Errorf("roots = %v, want only %s", got, prod)
	}
}

func TestReachRefusesSymlinkedModule(t *testing.T) {
	root, outside := layout(t)
	tr := New([]string{root}, "")
	link := filepath.Join(root, "mod")
	if err := os.Symlink(filepath.Join(outside, "mod"), link); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Reach(link); !errors.Is(err, ErrSymlinked) {
		t.Errorf("Reach through a symlink: %v, want ErrSymlinked", err)
	}
	if tr.Contains(filepath.Join(link, "main.tf")) {
		t.Error("a symlinked module directory joined the tree")
	}
	if _, err := tr.Reach(filepath.Join(root, "missing")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Reach of a missing directory inside: %v, want ErrNotExist", err)
	}
}

// TestSystemDirectoriesNeverRead: even a tree whose root holds them (/)
// reads nothing under /proc, /sys, /dev or /run.
func TestSystemDirectoriesNeverRead(t *testing.T) {
	tr := New([]string{"/"}, "")
	for _, p := range []string{"/proc/self/environ", "/proc/self/cmdline", "/sys/kernel/hostname", "/dev/null", "/run/secrets/x", "/proc/self/../self/environ"} {
		if _, err := tr.ReadFile(p, 1<<20); !errors.Is(err, ErrSystem) {
			t.Errorf("ReadFile(%s) = %v, want ErrSystem", p, err)
		}
		if _, err := tr.Stat(p); !errors.Is(err, ErrSystem) {
			t.Errorf("Stat(%s) = %v, want ErrSystem", p, err)
		}
	}
	if _, err := tr.ReadDir("/proc/self"); !errors.Is(err, ErrSystem) {
		t.Errorf("ReadDir(/proc/self) = %v, want ErrSystem", err)
	}
	var none *Tree
	if _, err := none.ReadFile("/proc/self/environ", 1<<20); !errors.Is(err, ErrSystem) {
		t.Errorf("nil tree: ReadFile(/proc/self/environ) = %v, want ErrSystem", err)
	}
	// A symlink in a tree that leads there is outside, whatever its root.
	root, _ := layout(t)
	if err := os.Symlink("/proc/self/environ", filepath.Join(root, "env.tf")); err != nil {
		t.Fatal(err)
	}
	if _, err := New([]string{root}, "").ReadFile(filepath.Join(root, "env.tf"), 1<<20); !errors.Is(err, ErrOutside) {
		t.Errorf("symlink to /proc/self/environ: %v, want ErrOutside", err)
	}
}

// TestPseudoFileRefused: a regular file whose size is 0 but which yields
// bytes (every /proc file) is refused on the open file, wherever it was
// reached; a real empty file reads as empty.
func TestPseudoFileRefused(t *testing.T) {
	f, err := os.Open("/proc/self/environ")
	if err != nil {
		t.Fatalf("this test needs /proc: %v", err)
	}
	defer f.Close()
	if _, _, err := readOpen(f, 1<<20); !errors.Is(err, ErrPseudo) {
		t.Errorf("readOpen(/proc/self/environ) = %v, want ErrPseudo", err)
	}
	if _, err := ReadExplicit("/proc/self/environ", 1<<20); !errors.Is(err, ErrPseudo) {
		t.Errorf("ReadExplicit(/proc/self/environ) = %v, want ErrPseudo", err)
	}
	root, _ := layout(t)
	write(t, filepath.Join(root, "empty.tf"), "")
	got, err := New([]string{root}, "").ReadFile(filepath.Join(root, "empty.tf"), 1<<20)
	if err != nil || len(got) != 0 {
		t.Errorf("empty file = %q, %v", got, err)
	}
}

// TestDotDotCannotLeave: a path spelled with .. that leaves the root, or a
// symlinked directory inside leading out, is refused by the os.Root.
func TestDotDotCannotLeave(t *testing.T) {
	root, outside := layout(t)
	tr := New([]string{root}, "")
	if _, err := tr.ReadFile(filepath.Join(root, "live", "..", "..", "outside", "secret.txt"), 1<<20); !errors.Is(err, ErrOutside) {
		t.Errorf(".. out of the root: %v, want ErrOutside", err)
	}
	if err := os.Symlink("../../outside", filepath.Join(root, "live", "up")); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.ReadDir(filepath.Join(root, "live", "up")); !errors.Is(err, ErrOutside) {
		t.Errorf("ReadDir through a symlink out: %v, want ErrOutside", err)
	}
	if _, err := tr.ReadFile(filepath.Join(root, "live", "up", "secret.txt"), 1<<20); !errors.Is(err, ErrOutside) {
		t.Errorf("ReadFile through a symlink out: %v, want ErrOutside", err)
	}
	_ = outside
}

func TestReadExplicit(t *testing.T) {
	root, outside := layout(t)
	if _, err := ReadExplicit(filepath.Join(outside, "secret.txt"), 1<<20); err != nil {
		t.Errorf("explicit regular file outside the tree: %v", err)
	}
	if _, err := ReadExplicit("/dev/zero", 1<<20); !errors.Is(err, ErrNotRegular) {
		t.Errorf("/dev/zero: %v, want ErrNotRegular", err)
	}
	if _, err := ReadExplicit(root, 1<<20); err == nil {
		t.Error("a directory was read")
	}
	// A pipe the user gave is read, with the cap.
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	go func() { w.WriteString(strings.Repeat("x", 100)); w.Close() }()
	defer r.Close()
	if _, err := ReadExplicit("/dev/fd/"+strconv.Itoa(int(r.Fd())), 50); !errors.Is(err, ErrTooLarge) {
		t.Errorf("pipe over the cap: %v, want ErrTooLarge", err)
	}
}

func TestReadFileThroughSymlinkedDirectory(t *testing.T) {
	root, outside := layout(t)
	tr := New([]string{root}, "")
	symlink := func(target, link string) {
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
	}
	symlink(outside, filepath.Join(root, "ext"))
	symlink("live", filepath.Join(root, "alias"))
	write(t, filepath.Join(root, "live", "prod", "x.tf"), "x")
	// Twice each: the second read goes through the cached directory.
	for range 2 {
		if _, err := tr.ReadFile(filepath.Join(root, "ext", "secret.txt"), 1<<20); !errors.Is(err, ErrOutside) {
			t.Errorf("file below a directory symlinked out: %v, want ErrOutside", err)
		}
		if _, err := tr.Stat(filepath.Join(root, "ext", "secret.txt")); !errors.Is(err, ErrOutside) {
			t.Errorf("Stat below a directory symlinked out: %v, want ErrOutside", err)
		}
		if _, err := tr.ReadFile(filepath.Join(root, "alias", "prod", "x.tf"), 1<<20); err != nil {
			t.Errorf("file below a directory symlinked inside: %v", err)
		}
	}
}

// TestIsFileIsDirReadDir: the tree's own views of a path, inside and out.
func TestIsFileIsDirReadDir(t *testing.T) {
	root, outside := layout(t)
	tr := New([]string{root}, "")
	if !tr.IsFile(filepath.Join(root, "main.tf")) || tr.IsDir(filepath.Join(root, "main.tf")) {
		t.Error("main.tf: want a file, not a directory")
	}
	if !tr.IsDir(filepath.Join(root, "live")) || tr.IsFile(filepath.Join(root, "live")) {
		t.Error("live: want a directory, not a file")
	}
	if tr.IsFile(filepath.Join(outside, "secret.txt")) || tr.IsDir(outside) {
		t.Error("a path outside the tree is a file or directory of it")
	}
	ents, err := tr.ReadDir(root)
	if err != nil || len(ents) != 2 || ents[0].Name() != "live" || ents[1].Name() != "main.tf" {
		t.Errorf("ReadDir(root) = %v, %v; want [live main.tf]", ents, err)
	}
	if _, err := tr.ReadDir(filepath.Join(root, "main.tf")); err == nil {
		t.Error("ReadDir of a file succeeded")
	}
	if _, err := tr.ReadDir(outside); !errors.Is(err, ErrOutside) {
		t.Errorf("ReadDir outside: %v, want ErrOutside", err)
	}
}

// TestReadExplicitFIFO: a FIFO the user names (`--plan <(…)`) is read,
// capped like a file.
func TestReadExplicitFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "plan.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err == nil {
			f.WriteString("{}")
			f.Close()
		}
	}()
	got, err := ReadExplicit(fifo, 1<<10)
	if err != nil || string(got) != "{}" {
		t.Errorf("ReadExplicit(FIFO) = %q, %v", got, err)
	}
}

// The tree's resolve, its ancestors memoised, gives what resolving the
// whole path gives, for every kind of path and before and after the
// memo holds the ancestors: a plain file, a missing file and a missing
// directory chain, a symlinked directory and a file below it, a symlink
// leading out, a dangling symlink, a loop, a file used as a directory.
func TestResolveMemoised(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	mk := func(p string) {
		if err := os.MkdirAll(filepath.Join(dir, p), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	mk("a/b")
	mk("real/sub")
	if err := os.WriteFile(filepath.Join(dir, "a", "b", "f.tf"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "real", "sub", "g.tf"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{
		"linked":      "real",
		"a/up":        "../real/sub",
		"a/out":       outside,
		"a/dangling":  "nothing-here",
		"a/loop1":     "loop2",
		"a/loop2":     "loop1",
		"a/b/twostep": "../up",
	} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	tree := New([]string{dir}, "")
	paths := []string{
		"a/b/f.tf", "a/b/missing.tf", "a/missing/deeper/x.tf", "linked/sub/g.tf", "linked/sub/missing.tf",
		"a/up/g.tf", "a/up", "a/out", "a/out/x.yaml", "a/dangling", "a/dangling/x", "a/loop1", "a/loop1/x",
		"a/b/f.tf/x", "a/b/twostep/g.tf", "a/b/twostep/missing/x.tf", ".",
	}
	for round := range 2 {
		for _, p := range paths {
			full := filepath.Join(dir, p)
			if got, want := tree.resolve(full), resolve(full); got != want {
				t.Errorf("round %d, %s: %s, want %s", round, p, got, want)
			}
		}
	}
}

// A file read by the size its stat gave reads whole whatever it holds
// now: the same, fewer bytes (it shrank), more (it grew) within the
// limit, and beyond the limit it is refused as too large.
func TestReadSized(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f.yaml")
	content := []byte("kind: ConfigMap\nmetadata:\n  name: x\n")
	if err := os.WriteFile(p, content, 0o644); err != nil {
		t.Fatal(err)
	}
	n := int64(len(content))
	for _, c := range []struct {
		name        string
		size, limit int64
		tooLarge    bool
	}{
		{"as stat said", n, 100, false},
		{"shrank", n + 10, 100, false},
		{"grew", 5, 100, false},
		{"grew past the limit", 5, n - 1, true},
		{"stat past the limit", n + 10, n - 1, true},
		{"exactly the limit", n, n, false},
	} {
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		data, err := readSized(f, c.size, c.limit)
		f.Close()
		switch {
		case c.tooLarge:
			if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), Size(c.limit)) {
				t.Errorf("%s: %v, want too large of %s", c.name, err, Size(c.limit))
			}
		case err != nil || string(data) != string(content):
			t.Errorf("%s: %q, %v", c.name, data, err)
		}
	}
}
