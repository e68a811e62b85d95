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
	// A device reached through a link inside a tree rooted at /dev would
	// still not be a regular file.
	devTree := New([]string{"/dev"}, "")
	if _, err := devTree.ReadFile("/dev/zero", 1<<20); !errors.Is(err, ErrNotRegular) {
		t.Errorf("/dev/zero: %v, want ErrNotRegular", err)
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
	if _, err := tr.Allow(filepath.Join(root, "live", "prod"), filepath.Join(outside, "mod")); !errors.Is(err, ErrOutside) {
		t.Errorf("Allow above the top level: %v, want ErrOutside", err)
	}
	if tr.Contains(filepath.Join(outside, "mod", "main.tf")) {
		t.Error("a directory above the top level joined the tree")
	}
}

func TestAllowOutsideGit(t *testing.T) {
	root, outside := layout(t)
	prod := filepath.Join(root, "live", "prod")
	tr := New([]string{prod}, "")
	// ../../../outside/mod from live/prod: no symlink on the way.
	dir := filepath.Join(prod, "..", "..", "..", "outside", "mod")
	real, err := tr.Allow(prod, dir)
	if err != nil {
		t.Fatalf("Allow: %v", err)
	}
	if !tr.Contains(filepath.Join(real, "main.tf")) {
		t.Error("the module directory did not join the tree")
	}
	if tr.Contains(filepath.Join(outside, "secret.txt")) {
		t.Error("Allow widened the tree beyond the module directory")
	}
}

func TestAllowRefusesSymlinkedModule(t *testing.T) {
	root, outside := layout(t)
	tr := New([]string{root}, "")
	link := filepath.Join(root, "mod")
	if err := os.Symlink(filepath.Join(outside, "mod"), link); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Allow(root, link); !errors.Is(err, ErrOutside) {
		t.Errorf("Allow through a symlink: %v, want ErrOutside", err)
	}
	if tr.Contains(filepath.Join(link, "main.tf")) {
		t.Error("a symlinked module directory joined the tree")
	}
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
